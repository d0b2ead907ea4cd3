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
      dismiss: vi.fn(),
    }),
  };
});

const { notify } = await import('./toast');

describe('notify', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('uses the durations of spec §4: success/warning 3 s, error 10 s, info persistent', () => {
    notify.success('ok');
    notify.warning('careful');
    notify.error('failed');
    notify.info('note');
    expect(calls.map(([kind, , options]) => [kind, options.duration])).toEqual([
      ['success', 3000],
      ['warning', 3000],
      ['error', 10000],
      ['info', Infinity],
    ]);
  });

  it('lets a caller override the duration', () => {
    notify.error('failed', { duration: 500 });
    expect(calls[0]![2].duration).toBe(500);
  });
});
