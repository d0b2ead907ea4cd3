// After 3-D Secure the browser is back on the form, which proves nothing (providers.md): the
// donation's status is asked for until the server has settled it as PAID or FAILED.
import type { DonationStatus } from '../donate-api';

export class StatusUnconfirmedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The donation status could not be confirmed', options);
    this.name = 'StatusUnconfirmedError';
  }
}

export interface PollOptions {
  intervalMs?: number;
  timeoutMs?: number;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

export const POLL_INTERVAL_MS = 1_500;
export const POLL_TIMEOUT_MS = 60_000;
/** Consecutive failed status calls tolerated before giving up. */
const MAX_CONSECUTIVE_ERRORS = 3;

export async function pollDonationStatus(
  getStatus: () => Promise<DonationStatus>,
  options: PollOptions,
): Promise<DonationStatus & { result: 'PAID' | 'FAILED' }> {
  const interval = options.intervalMs ?? POLL_INTERVAL_MS;
  const deadline = options.now() + (options.timeoutMs ?? POLL_TIMEOUT_MS);
  let errors = 0;
  for (;;) {
    try {
      const status = await getStatus();
      errors = 0;
      if (status.result === 'PAID' || status.result === 'FAILED') return status as DonationStatus & { result: 'PAID' | 'FAILED' };
    } catch (error) {
      errors += 1;
      if (errors >= MAX_CONSECUTIVE_ERRORS) throw new StatusUnconfirmedError({ cause: error });
    }
    if (options.now() + interval > deadline) throw new StatusUnconfirmedError();
    await options.sleep(interval);
  }
}
