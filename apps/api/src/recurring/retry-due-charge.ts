// Job `retry-due-charge` (ADR 034): charges once, now, the month a failed card left unpaid, for a
// recurring donation just re-activated with a new card (reactivate-recurring.ts). The donation is
// recorded pending first; the charge names it in its metadata, so a run after a crash finds the
// charge it already made at the provider instead of making another. The charge is then settled
// like any card charge (thank-you mail, receipt, public pages).
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { donations, recurringDonations } from '../db/schema/index';
import { CARD_PAYMENT_PROVIDER, type CardCharge, type CardGateway } from '../providers/card/card-gateway';

export interface RetryDueChargeDeps {
  db: Database;
  gateway: CardGateway;
  settle: (charge: CardCharge) => Promise<unknown>;
  log: FastifyBaseLogger;
}

const DONATION_KEY = 'donation_id';
/** How far back the provider's charges are searched for one this job made before a crash. */
const LOOKBACK_MS = 24 * 60 * 60_000;

export async function retryDueCharge(deps: RetryDueChargeDeps, donationId: number, now = new Date()): Promise<'charged' | 'unchanged'> {
  const [donation] = await deps.db
    .select({
      id: donations.id,
      status: donations.status,
      paymentId: donations.paymentId,
      amount: donations.amount,
      createdAt: donations.createdAt,
      customerId: recurringDonations.customerId,
      recurringStatus: recurringDonations.status,
    })
    .from(donations)
    .innerJoin(recurringDonations, eq(recurringDonations.id, donations.recurringDonationId))
    .where(eq(donations.id, donationId))
    .limit(1);
  if (!donation || donation.status !== 'pending' || donation.paymentId !== null || !donation.customerId) return 'unchanged';
  if (donation.recurringStatus !== 'active') {
    // Stopped (or suspended again) before the retry ran: nothing is charged.
    await deps.db
      .update(donations)
      .set({ status: 'cancelled' })
      .where(and(eq(donations.id, donationId), eq(donations.status, 'pending')));
    return 'unchanged';
  }
  const earlier = (
    await deps.gateway.listCharges({ from: new Date(donation.createdAt.getTime() - 60_000), to: new Date(now.getTime() + LOOKBACK_MS) })
  ).find((charge) => String(charge.metadata[DONATION_KEY] ?? '') === String(donationId));
  const charge =
    earlier ??
    (await deps.gateway.createCharge({
      amount: donation.amount,
      customerId: donation.customerId,
      description: `Kifu recurring donation, retried month (donation ${donationId})`,
      metadata: { [DONATION_KEY]: donationId },
    }));
  await deps.db
    .update(donations)
    // 'authorizing' with its charge: the card state machine settles it like any card charge.
    .set({ paymentProvider: CARD_PAYMENT_PROVIDER, paymentId: charge.id, status: 'authorizing' })
    .where(and(eq(donations.id, donationId), isNull(donations.paymentId)));
  await deps.settle(charge);
  deps.log.info({ donationId, chargeId: charge.id, status: charge.status }, 'due month of a re-activated recurring donation charged');
  return 'charged';
}
