// The job behind console refunds (ADR 064): `retry-gift-refunds` asks the provider again for every
// refund a crash or a provider outage left pending, and completes it once.
import type { FastifyInstance } from 'fastify';
import { retryPendingRefunds, type RefundDeps } from './refund-gift';

export const RETRY_GIFT_REFUNDS_JOB = 'retry-gift-refunds';
/** A pending refund is asked again within a couple of minutes of its first try. */
const RETRY_EVERY_MS = 60_000;

export function refundDeps(app: FastifyInstance, job?: string): RefundDeps {
  return {
    db: app.db,
    card: app.cardPayments.gateway,
    bank: app.bankGateway,
    wallet: app.walletPay.gateway,
    mailLinks: app.mailLinks,
    log: job ? app.log.child({ job }) : app.log,
  };
}

export function registerRefundJobs(app: FastifyInstance): void {
  app.jobs.handle(RETRY_GIFT_REFUNDS_JOB, async () => {
    const deps = refundDeps(app, RETRY_GIFT_REFUNDS_JOB);
    const result = await retryPendingRefunds(deps);
    if (result.completed + result.failed + result.pending > 0) deps.log.info(result, 'pending gift refunds asked again');
  });
  app.jobs.every(RETRY_GIFT_REFUNDS_JOB, RETRY_EVERY_MS);
}
