// One later cycle of a recurring donation, written as donations (spec §3: each charge of a recurring
// donation is a donation with isFromSchedule): a card schedule's charge (record-scheduled-charge.ts)
// or a monthly wallet pay charge (charge-wallet-recurring.ts). Same associate, campaign, donor and
// options as the recurring donation; paid → commission and transfer amount, failed → the reason.
// A portfolio gift is split as its first payment was (ADR 010): the first payment's revision and
// shares through the domain's splitByShares, one portfolio row, the lead part carrying the
// provider's charge id. The settlement effects (thank-you mail, portfolio sync) run once, for the lead.
// Called inside the caller's transaction; a charge id already recorded writes nothing.
import { isDeductible, splitByShares } from '@kifu/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, portfolioCompositions, portfolioDonations, recurringDonations } from '../db/schema/index';
import { paidAmounts } from '../donations/paid-amounts';
import { applySettlementEffects, type SettlementContext } from '../donations/settle-donation-effects';
import { queueChargeFailedMail } from './recurring-mails';

export type RecurringDonation = typeof recurringDonations.$inferSelect;

export type OccurrenceOutcome = { status: 'paid'; paidAt: Date } | { status: 'failed' | 'expired'; reason: string | null };

export interface OccurrenceCharge {
  paymentProvider: string;
  /** The provider's charge id; unique per provider, so a replay records nothing. Null when the provider made none. */
  paymentId: string | null;
  amount: number;
  outcome: OccurrenceOutcome;
}

/** The recurring donation's first payment: the options the supporter chose and, for a portfolio, its revision. */
async function firstPaymentOf(tx: Database, recurringDonationId: number) {
  const [first] = await tx
    .select({ isCommissionContains: donations.isCommissionContains, revisionId: portfolioDonations.revisionId })
    .from(donations)
    .leftJoin(portfolioDonations, eq(portfolioDonations.id, donations.portfolioDonationId))
    .where(and(eq(donations.recurringDonationId, recurringDonationId), eq(donations.isFromSchedule, false)))
    .orderBy(asc(donations.id))
    .limit(1);
  return first;
}

/** The portfolio parts of `amount` by the shares of `revisionId`, largest share first. */
async function splitByRevision(tx: Database, revisionId: number, amount: number) {
  const shares = await tx
    .select({ key: portfolioCompositions.associateId, shareBp: portfolioCompositions.shareBp })
    .from(portfolioCompositions)
    .where(eq(portfolioCompositions.revisionId, revisionId))
    .orderBy(desc(portfolioCompositions.shareBp), asc(portfolioCompositions.associateId));
  return splitByShares(amount, shares).map((part) => ({ associateId: part.key, amount: part.amount }));
}

/** Returns the lead donation's id, or null when this charge id is already recorded. */
export async function insertOccurrence(
  tx: Database,
  recurring: RecurringDonation,
  charge: OccurrenceCharge,
  context: SettlementContext = {},
): Promise<number | null> {
  const first = await firstPaymentOf(tx, recurring.id);
  const { outcome } = charge;
  const settled =
    outcome.status === 'paid'
      ? { status: 'paid' as const, paidAt: outcome.paidAt, reasonOfPaymentFailed: null }
      : { status: outcome.status, paidAt: null, reasonOfPaymentFailed: outcome.reason };
  const shared = {
    campaignId: recurring.campaignId,
    userId: recurring.userId,
    donorId: recurring.donorId,
    recurringDonationId: recurring.id,
    type: recurring.type,
    paymentMethod: recurring.paymentMethod,
    paymentProvider: charge.paymentProvider,
    needReceipt: recurring.needReceipt,
    inEnglish: recurring.inEnglish,
    isUser: recurring.isUser,
    needNewsLetter: recurring.needNewsLetter,
    isAnonymous: recurring.isAnonymous,
    isCommissionContains: first?.isCommissionContains ?? false,
    isRecurring: true,
    isFromSchedule: true,
    ...settled,
  };

  let parts: { associateId: number; amount: number; isDeductible: boolean }[];
  let portfolioDonationId: number | null = null;
  if (recurring.portfolioId !== null) {
    if (!first?.revisionId) throw new Error(`recurring donation ${recurring.id} has no first portfolio payment to split like`);
    const [row] = await tx
      .insert(portfolioDonations)
      .values({
        portfolioId: recurring.portfolioId,
        revisionId: first.revisionId,
        amount: charge.amount,
        paymentMethod: shared.paymentMethod,
        paymentProvider: shared.paymentProvider,
        paymentId: charge.paymentId,
        userId: shared.userId,
        donorId: shared.donorId,
        recurringDonationId: recurring.id,
        isRecurring: true,
        ...settled,
      })
      .onConflictDoNothing()
      .returning({ id: portfolioDonations.id });
    if (!row) return null;
    portfolioDonationId = row.id;
    parts = (await splitByRevision(tx, first.revisionId, charge.amount)).map((part) => ({
      ...part,
      isDeductible: isDeductible(part.associateId),
    }));
  } else {
    parts = [{ associateId: recurring.associateId!, amount: charge.amount, isDeductible: recurring.isDeductible }];
  }

  const inserted = await tx
    .insert(donations)
    .values(
      parts.map((part, index) => ({
        ...shared,
        ...part,
        portfolioDonationId,
        // Only the lead carries the provider's id (unique per provider); the parts follow it.
        paymentId: index === 0 ? charge.paymentId : null,
        ...(outcome.status === 'paid' ? paidAmounts({ amount: part.amount, campaignId: recurring.campaignId }) : {}),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: donations.id });
  if (inserted.length === 0) return null;
  const leadId = Math.min(...inserted.map((row) => row.id));
  await applySettlementEffects(tx, { donationId: leadId, status: outcome.status }, context);
  if (outcome.status !== 'paid' && context.mailLinks) await queueChargeFailedMail(tx, recurring, leadId, context.mailLinks);
  return leadId;
}
