import { describe, expect, it } from 'vitest';
import { createConfirmDialogs } from './confirm-dialogs';
import { splitRecurringList } from './recurring-switch-math';

describe('confirm dialogs', () => {
  it('resolve to the answer given, one dialog at a time', async () => {
    const dialogs = createConfirmDialogs();
    dialogs.attachHost();
    const first = dialogs.ask({ kind: 'duplicate' });
    const second = dialogs.ask({ kind: 'address', reasons: ['x'], address: 'y' });
    expect(dialogs.current()?.request.kind).toBe('duplicate');
    dialogs.answer(dialogs.current()!.id, false);
    await expect(first).resolves.toBe(false);
    expect(dialogs.current()?.request.kind).toBe('address');
    dialogs.answer(dialogs.current()!.id, true);
    await expect(second).resolves.toBe(true);
    expect(dialogs.current()).toBeUndefined();
  });

  it('ignore an answer for a dialog that is not the one shown', async () => {
    const dialogs = createConfirmDialogs();
    dialogs.attachHost();
    const pending = dialogs.ask({ kind: 'duplicate' });
    const id = dialogs.current()!.id;
    dialogs.answer(id + 1, true);
    expect(dialogs.current()?.id).toBe(id);
    dialogs.answer(id, true);
    dialogs.answer(id, false);
    await expect(pending).resolves.toBe(true);
  });

  it('answer false when no host can show them, or when the last host goes', async () => {
    const dialogs = createConfirmDialogs();
    await expect(dialogs.ask({ kind: 'duplicate' })).resolves.toBe(false);
    const detach = dialogs.attachHost();
    const waiting = dialogs.ask({ kind: 'recurringCardSwitch', items: [] });
    detach();
    await expect(waiting).resolves.toBe(false);
  });
});

describe('recurring card-switch list', () => {
  const items = ['a', 'b', 'c', 'd', 'e'];

  it('shows the first 2 and counts the rest', () => {
    expect(splitRecurringList(items)).toEqual({ shown: ['a', 'b'], moreCount: 3 });
    expect(splitRecurringList(items.slice(0, 3))).toEqual({ shown: ['a', 'b'], moreCount: 1 });
  });

  it('has no remainder for 2 or fewer', () => {
    expect(splitRecurringList(items.slice(0, 2))).toEqual({ shown: ['a', 'b'], moreCount: 0 });
    expect(splitRecurringList(['a'])).toEqual({ shown: ['a'], moreCount: 0 });
    expect(splitRecurringList([])).toEqual({ shown: [], moreCount: 0 });
  });
});
