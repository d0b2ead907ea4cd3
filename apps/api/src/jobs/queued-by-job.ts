// Jobs queued by a running job wake no one (ADR 052). A NOTIFY makes PostgreSQL take its one
// notification lock at commit, so every notifying transaction commits one behind another: a billing
// run recording each month in its own transaction, with a mail and a page refresh queued in each,
// spent most of its time waiting there. The worker running the job claims again as soon as its
// batch is done instead, and other workers find the jobs at their next poll.
import { AsyncLocalStorage } from 'node:async_hooks';

/** One per claimed batch: whether any of its jobs queued another. */
export interface BatchQueue {
  queued: boolean;
}

const runningBatch = new AsyncLocalStorage<BatchQueue>();

/** Runs a batch's jobs so that the jobs they queue are noted on `batch`. */
export function runBatch<T>(batch: BatchQueue, run: () => Promise<T>): Promise<T> {
  return runningBatch.run(batch, run);
}

/** Called by enqueueJob: true (and noted on the batch) when a running job queued it. */
export function queuedByRunningJob(): boolean {
  const batch = runningBatch.getStore();
  if (!batch) return false;
  batch.queued = true;
  return true;
}
