// The card payment state of a donation (architecture.md §4: one module per payment method holds
// its state machine; the webhook, the 3-D Secure return's status poll and reconciliation all
// converge on `settleCardCharge`). Input is always a charge RETRIEVED from the gateway, never a
// webhook's copy (providers.md: the event and the return prove nothing).
//
//   authorizing ── charge successful ──▶ paid      paid_at = the charge's paid_at
//   authorizing ── charge failed ──────▶ failed    reason_of_payment_failed = its failure_code
//   authorizing ── charge expired ─────▶ expired   3-D Secure never completed in time
//   authorizing ── charge reversed ────▶ failed    reason 'reversed' (an authorisation released
//                                                  uncaptured: no money moved)
//   authorizing ── charge pending ─────▶ authorizing (still waiting for the supporter)
//   paid | failed | expired | …: final here; a later, duplicate or out-of-order event changes nothing.
//   no donation carries the charge id: nothing changes (the caller logs it).
//
// The card donation route (ADR 008) creates the donation as 'authorizing' with payment_provider
// CARD_PAYMENT_PROVIDER and payment_id = charge id; what else must happen in the same transaction as the state change
// (reward stock, campaign totals, a receipt job) goes into `afterSettle`.
import { paidAmounts } from '../../donations/paid-amounts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { donations } from '../../db/schema/index';
import { CARD_PAYMENT_PROVIDER, type CardCharge } from '../../providers/card/card-gateway';

type DonationStatus = (typeof donations.$inferSelect)['status'];

export type CardTransition = { status: 'paid'; paidAt: Date } | { status: 'failed' | 'expired'; reason: string | null };

/** Where a charge in this state takes an authorizing donation; null while it is still pending. */
export function cardTransition(charge: CardCharge, now: Date = new Date()): CardTransition | null {
  switch (charge.status) {
    case 'successful':
      return { status: 'paid', paidAt: charge.paidAt ?? now };
    case 'failed':
      return { status: 'failed', reason: charge.failureCode ?? 'failed' };
    case 'expired':
      return { status: 'expired', reason: charge.failureCode };
    case 'reversed':
      return { status: 'failed', reason: 'reversed' };
    case 'pending':
      return null;
  }
}

export type CardSettlement =
  /** The donation left 'authorizing' now. */
  | { outcome: 'settled'; chargeId: string; donationId: number; status: DonationStatus }
  /** The charge is still pending: the donation stays 'authorizing'. */
  | { outcome: 'pending'; chargeId: string; donationId: number; status: DonationStatus }
  /** Already final (or not card-authorizing): nothing changed. */
  | { outcome: 'unchanged'; chargeId: string; donationId: number; status: DonationStatus }
  | { outcome: 'unknown_charge'; chargeId: string }
  /** A schedule's charge not yet decided: nothing is recorded until it is (ADR 015). */
  | { outcome: 'awaiting_charge'; chargeId: string };

export type SettledCardDonation = Extract<CardSettlement, { outcome: 'settled' }>;

export interface SettleOptions {
  /** Runs inside the settling transaction, only when the donation changed state. */
  afterSettle?: (tx: Database, settled: SettledCardDonation, charge: CardCharge) => Promise<void>;
  now?: Date;
}

/**
 * Applies `charge` to its donation in one transaction. The UPDATE only matches a donation still
 * 'authorizing', so concurrent or repeated calls (webhook + poll + reconciliation) settle it once.
 */
export async function settleCardCharge(db: Database, charge: CardCharge, options: SettleOptions = {}): Promise<CardSettlement> {
  const ofCharge = and(eq(donations.paymentProvider, CARD_PAYMENT_PROVIDER), eq(donations.paymentId, charge.id));
  const transition = cardTransition(charge, options.now);
  return db.transaction(async (tx) => {
    if (transition) {
      const [updated] = await tx
        .update(donations)
        .set({
          status: transition.status,
          paidAt: transition.status === 'paid' ? transition.paidAt : null,
          reasonOfPaymentFailed: transition.status === 'paid' ? null : transition.reason,
          updatedAt: sql`now()`,
        })
        .where(and(ofCharge, eq(donations.status, 'authorizing')))
        .returning({ id: donations.id, status: donations.status, amount: donations.amount, campaignId: donations.campaignId });
      if (updated) {
        if (updated.status === 'paid') await tx.update(donations).set(paidAmounts(updated)).where(eq(donations.id, updated.id));
        const settled: SettledCardDonation = { outcome: 'settled', chargeId: charge.id, donationId: updated.id, status: updated.status };
        await options.afterSettle?.(tx, settled, charge);
        return settled;
      }
    }
    const [current] = await tx.select({ id: donations.id, status: donations.status }).from(donations).where(ofCharge).limit(1);
    if (!current) return { outcome: 'unknown_charge', chargeId: charge.id };
    const outcome = !transition && current.status === 'authorizing' ? 'pending' : 'unchanged';
    return { outcome, chargeId: charge.id, donationId: current.id, status: current.status };
  });
}
