// What else changes, in the same transaction, when a donation leaves its waiting state (card:
// card-payment-state.ts via app.cardPayments.onSettled; bank transfer: bank-transfer-state.ts via
// app.bankTransfers.onSettled; a charge that could not even be created: fail-donation.ts).
// Each caller runs this once per donation, because the state UPDATE before it is conditional.
//
//   any ──────────────────── the other parts of a portfolio gift follow (sync-portfolio-parts.ts)
//   paid ─────────────────── thank-you mail queued (once per donation), cached public pages refreshed
//                             first payment of a recurring donation ─▶ job activate-recurring-donation
//   failed | expired | … ──── the reserved reward unit is released
//                             first payment of a recurring donation ─▶ recurring: pending ─▶ stopped
// Paid and unpaid ends are counted here too (ADR 048), once per donation for the same reason: the
// count moves with the transaction that settles, and is repeated only if that transaction rolls
// back and the settlement runs again — metrics, not the ledger.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, portfolioDonations, recurringDonations } from '../db/schema/index';
import { enqueueJob } from '../jobs/enqueue-job';
import { enqueuePublicPagesRefresh } from '../public-pages/refresh-public-pages';
import type { MailLinks } from '../mail/mail-links';
import { paymentMethodLabel, UNPAID_STATUSES, type DonationMetrics } from '../metrics/api-metrics';
import { enqueueThanksMail } from './enqueue-thanks-mail';
import { followMovedPart, movedPartColumns } from './sync-portfolio-parts';
import { releaseReward } from './reward-stock';

type DonationStatus = (typeof donations.$inferSelect)['status'];

/** Queued here when a recurring donation's first payment is paid; recurring/ runs it (activate-recurring-donation.ts). */
export const ACTIVATE_RECURRING_DONATION_JOB = 'activate-recurring-donation';

export interface SettlementContext {
  /** The links mails carry (receipts, pages); without them a mail has none. */
  mailLinks?: MailLinks;
  /** The app's donation counters; the app always passes them, unit tests may leave them out. */
  metrics?: DonationMetrics;
}

const UNPAID_ENDS = new Set<DonationStatus>(UNPAID_STATUSES);

/** What the supporter was charged: a portfolio gift's one charge covers all its parts. */
async function chargedAmount(tx: Database, donation: { amount: number; portfolioDonationId: number | null }): Promise<number> {
  if (donation.portfolioDonationId === null) return donation.amount;
  const [portfolio] = await tx
    .select({ amount: portfolioDonations.amount })
    .from(portfolioDonations)
    .where(eq(portfolioDonations.id, donation.portfolioDonationId))
    .limit(1);
  return portfolio?.amount ?? donation.amount;
}

export async function applySettlementEffects(
  tx: Database,
  settled: { donationId: number; status: DonationStatus },
  context: SettlementContext = {},
): Promise<void> {
  const [donation] = await tx
    .select({
      ...movedPartColumns,
      rewardId: donations.rewardId,
      recurringDonationId: donations.recurringDonationId,
      isFromSchedule: donations.isFromSchedule,
      amount: donations.amount,
      paymentMethod: donations.paymentMethod,
    })
    .from(donations)
    .where(eq(donations.id, settled.donationId))
    .limit(1);
  if (!donation) return;
  // A portfolio gift's parts and row move with the part that moved; the effects below run once, for it.
  await followMovedPart(tx, settled.donationId, donation);
  const firstOfRecurring = donation.recurringDonationId !== null && !donation.isFromSchedule;
  const method = paymentMethodLabel(donation.paymentMethod);

  if (settled.status === 'paid') {
    const yen = context.metrics ? await chargedAmount(tx, donation) : 0;
    await enqueueThanksMail(tx, settled.donationId, context.mailLinks);
    await enqueuePublicPagesRefresh(tx);
    if (firstOfRecurring) {
      await enqueueJob(tx, {
        kind: ACTIVATE_RECURRING_DONATION_JOB,
        payload: { recurringDonationId: donation.recurringDonationId },
        dedupeKey: `${ACTIVATE_RECURRING_DONATION_JOB}:${donation.recurringDonationId}`,
      });
    }
    // Counted last, once the effects above went through.
    context.metrics?.donationsPaid.inc({ method });
    context.metrics?.donationsPaidYen.inc({ method }, yen);
    return;
  }
  if (settled.status === 'authorizing' || settled.status === 'pending' || settled.status === 'awaiting_transfer') return;

  if (donation.rewardId !== null) await releaseReward(tx, donation.rewardId);
  if (firstOfRecurring) {
    await tx
      .update(recurringDonations)
      .set({ status: 'stopped', firstPaymentFailedAt: sql`now()`, lastFailedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(recurringDonations.id, donation.recurringDonationId!), eq(recurringDonations.status, 'pending')));
  }
  if (UNPAID_ENDS.has(settled.status)) context.metrics?.donationsFailed.inc({ method, status: settled.status });
}
