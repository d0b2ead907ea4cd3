import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: Array<[string, unknown, { duration?: number }]> = [];
vi.mock('sonner', () => {
  const record = (kind: string) => (message: unknown, options: { duration?: number }) => calls.push([kind, message, options]);
  return {
    toast: Object.assign(record('default'), {
      success: record('success'),
      warning: record('warning'),
      error: record('error'),
      info: record('info'),
      loading: record('loading'),
      dismiss: vi.fn(),
    }),
  };
});

const { notify } = await import('./toast');
const { isToasterWanted } = await import('./toast-outlet');

describe('notify', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('uses the durations of spec §4: success/warning 3 s, error 10 s, info persistent, in the order raised', async () => {
    expect(isToasterWanted()).toBe(false);
    notify.success('ok');
    // The first toast asks for the outlet, which the page otherwise mounts once idle.
    expect(isToasterWanted()).toBe(true);
    notify.warning('careful');
    notify.error('failed');
    notify.info('note');
    notify.loading('sending');
    await vi.waitFor(() => expect(calls).toHaveLength(5));
    expect(calls.map(([kind, message, options]) => [kind, message, options.duration])).toEqual([
      ['success', 'ok', 3000],
      ['warning', 'careful', 3000],
      ['error', 'failed', 10000],
      ['info', 'note', Infinity],
      ['loading', 'sending', Infinity],
    ]);
  });

  it('lets a caller override the duration', async () => {
    notify.error('failed', { duration: 500 });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]![2].duration).toBe(500);
  });
});
