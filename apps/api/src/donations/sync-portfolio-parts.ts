// A portfolio gift's parts move together (ADR 010; donations/portfolio-gift.ts says how a gift is
// split): a payment method moves the lead part, and this mirrors that move onto the other parts
// and the portfolio row. It lives with the payments because a payment method calls it too (when a
// virtual account is issued) and payments never import donations/.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, portfolioDonations } from '../db/schema/index';
import { paidAmounts } from './paid-amounts';

const WAITING = ['pending', 'authorizing', 'awaiting_transfer'] as const;

/** What the part that moved says: its siblings and the portfolio row follow it. */
export const movedPartColumns = {
  portfolioDonationId: donations.portfolioDonationId,
  status: donations.status,
  paidAt: donations.paidAt,
  reason: donations.reasonOfPaymentFailed,
  paymentProvider: donations.paymentProvider,
  paymentId: donations.paymentId,
};

const readMovedPart = (tx: Database, donationId: number) =>
  tx.select(movedPartColumns).from(donations).where(eq(donations.id, donationId)).limit(1);

export type MovedPart = Awaited<ReturnType<typeof readMovedPart>>[number];

/**
 * Mirrors a portfolio part's state onto its sibling parts still waiting and onto the portfolio
 * row, in the caller's transaction: status, paid_at and the failure reason; each paid part gets
 * its own commission and transfer amount. No-op for a donation outside any portfolio.
 */
export async function syncPortfolioParts(tx: Database, donationId: number): Promise<void> {
  const [part] = await readMovedPart(tx, donationId);
  if (part) await followMovedPart(tx, donationId, part);
}

/** syncPortfolioParts for a caller that has just read the part (`movedPartColumns`) in its transaction. */
export async function followMovedPart(tx: Database, donationId: number, part: MovedPart): Promise<void> {
  if (!part.portfolioDonationId) return;
  const siblings = await tx
    .select({ id: donations.id, amount: donations.amount, campaignId: donations.campaignId })
    .from(donations)
    .where(
      and(
        eq(donations.portfolioDonationId, part.portfolioDonationId),
        ne(donations.id, donationId),
        inArray(donations.status, [...WAITING]),
        ne(donations.status, part.status),
      ),
    )
    .for('update');
  for (const sibling of siblings) {
    await tx
      .update(donations)
      .set({
        status: part.status,
        paidAt: part.paidAt,
        reasonOfPaymentFailed: part.reason,
        ...(part.status === 'paid' ? paidAmounts(sibling) : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(donations.id, sibling.id), inArray(donations.status, [...WAITING])));
  }
  await tx
    .update(portfolioDonations)
    .set({
      status: part.status,
      paidAt: part.paidAt,
      reasonOfPaymentFailed: part.reason,
      ...(part.paymentId !== null ? { paymentProvider: part.paymentProvider, paymentId: part.paymentId } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(portfolioDonations.id, part.portfolioDonationId), inArray(portfolioDonations.status, [...WAITING])));
}
