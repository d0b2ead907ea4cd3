import { describe, expect, it } from 'vitest';
import { inLanes } from './in-lanes';

const tick = () => new Promise((done) => setTimeout(done, 1));

describe('inLanes', () => {
  it('does every item, never more than `lanes` at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await inLanes([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running++;
      most = Math.max(most, running);
      await tick();
      done.push(item);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('starts nothing more once an item fails, and throws that failure after the items in hand', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const run = inLanes([1, 2, 3, 4, 5, 6], 2, async (item) => {
      started.push(item);
      await tick();
      if (item === 2) throw new Error('provider answered something unexpected');
      await tick();
      finished.push(item);
    });
    await expect(run).rejects.toThrow('provider answered something unexpected');
    expect(started).toEqual([1, 2]);
    expect(finished).toEqual([1]);
  });
});
