// Runs `work` on every item, `lanes` at a time: for work that mostly waits on a provider or the
// database, where one at a time leaves both idle and all at once would flood them. If one item's
// work throws, no lane starts another item, and the error is thrown once those in hand are done.
export async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
  const rejected = settled.find((outcome) => outcome.status === 'rejected');
  if (rejected) throw rejected.reason;
}
