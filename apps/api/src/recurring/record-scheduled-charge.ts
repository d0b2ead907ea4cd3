// The later cycles of a recurring card gift (ADR 015). Once activated (activate-recurring-donation.ts)
// the provider's schedule charges the customer each month (annual membership: each year); every
// charge it makes names the schedule. Whoever learns of such a charge — the charge.* webhook's job
// or the schedule reconciliation (reconcile-card-schedules.ts) — retrieves it and comes here:
//
//   charge successful ── occurrence donation paid (commission, transfer amount, thank-you mail)
//                         recurring: last_charged_at; first_payment_failed_at cleared
//   charge failed ─────── occurrence donation failed, reason = the charge's failure code
//                         recurring: last_failed_at; first_payment_failed_at = when this run of
//                         failures began (the provider retries the next day and the day after)
//   charge pending ────── nothing yet (the charge.complete event or the next reconciliation)
//   then, always: next_occurrence_date = the schedule's next date; a schedule the provider
//   suspended (its retries failed) suspends the recurring donation (suspended_at).
//
// Each provider charge is recorded once: the donation's (provider, charge id) is unique, and the
// recurring row is locked while its month is written, so a replayed, duplicated or out-of-order
// event — or the webhook and reconciliation together — records the charge once. The timestamps
// only ever move forward, so an old event arriving late does not undo a newer one.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { donations, recurringDonations } from '../db/schema/index';
import { cardTransition, type CardSettlement } from '../payments/card/card-payment-state';
import { CARD_PAYMENT_PROVIDER } from '../providers/card/card-gateway';
import type { CardCharge, CardGateway, CardSchedule } from '../providers/card/card-gateway';
import type { SettlementContext } from '../donations/settle-donation-effects';
import { insertOccurrence, type RecurringDonation } from './record-occurrence';
import { queueSuspendedMails } from './recurring-mails';

export interface ScheduledChargeDeps extends SettlementContext {
  db: Database;
  gateway: CardGateway;
  log: FastifyBaseLogger;
}

/** The provider's schedule status that stops charging until the supporter acts. */
const SUSPENDED = 'suspended';

async function lockRecurringOfSchedule(tx: Database, scheduleId: string): Promise<RecurringDonation | undefined> {
  const [recurring] = await tx
    .select()
    .from(recurringDonations)
    .where(and(eq(recurringDonations.paymentProvider, CARD_PAYMENT_PROVIDER), eq(recurringDonations.recurringId, scheduleId)))
    .for('update')
    .limit(1);
  return recurring;
}

const later = (a: Date | null, b: Date) => (a !== null && a.getTime() >= b.getTime() ? a : b);

/** What the charge changes on its recurring donation (the row is locked by the caller). */
function chargedChanges(recurring: RecurringDonation, charge: CardCharge, now: Date): Partial<RecurringDonation> {
  const transition = cardTransition(charge, now)!;
  if (transition.status === 'paid') {
    const at = transition.paidAt;
    const recovered = recurring.firstPaymentFailedAt !== null && recurring.firstPaymentFailedAt.getTime() <= at.getTime();
    return { lastChargedAt: later(recurring.lastChargedAt, at), ...(recovered ? { firstPaymentFailedAt: null } : {}) };
  }
  const at = charge.createdAt ?? now;
  const failingSinceNow =
    recurring.firstPaymentFailedAt === null && (recurring.lastChargedAt === null || recurring.lastChargedAt.getTime() < at.getTime());
  return { lastFailedAt: later(recurring.lastFailedAt, at), ...(failingSinceNow ? { firstPaymentFailedAt: at } : {}) };
}

/**
 * What the schedule as the provider knows it now changes: the next date, and a suspension. Nothing
 * while a replacement is requested (replace-card-schedule.ts): the row already says what the next
 * schedule will be, and the old one's state is history — a late schedule.suspend event, or a
 * reconciliation that read the suspended schedule, must not suspend again the support a new card
 * has just re-activated, nor move back the date of a pause.
 */
function scheduleChanges(recurring: RecurringDonation, schedule: CardSchedule, now: Date): Partial<RecurringDonation> {
  const changes: Partial<RecurringDonation> = {};
  if (recurring.scheduleChangeRequestedAt !== null) return changes;
  const next = schedule.nextOccurrencesOn[0];
  if (next !== undefined && next !== recurring.nextOccurrenceDate) changes.nextOccurrenceDate = next;
  if (schedule.status === SUSPENDED && recurring.status === 'active') Object.assign(changes, { status: 'suspended', suspendedAt: now });
  return changes;
}

async function update(tx: Database, recurringId: number, changes: Partial<RecurringDonation>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx
    .update(recurringDonations)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(recurringDonations.id, recurringId));
}

/**
 * Records a charge the provider's schedule made (`charge.scheduleId` set, retrieved from the
 * gateway). `schedule` may be passed when the caller has just retrieved it.
 */
export async function recordScheduledCharge(
  deps: ScheduledChargeDeps,
  charge: CardCharge,
  options: { schedule?: CardSchedule; now?: Date } = {},
): Promise<CardSettlement> {
  const now = options.now ?? new Date();
  const transition = cardTransition(charge, now);
  if (charge.scheduleId === null) throw new Error(`charge ${charge.id} was not made by a schedule`);
  if (!transition) return { outcome: 'awaiting_charge', chargeId: charge.id };
  // Outside the transaction: a provider call never holds a row lock.
  const schedule = options.schedule ?? (await deps.gateway.retrieveSchedule(charge.scheduleId));

  return deps.db.transaction(async (tx) => {
    const recurring = await lockRecurringOfSchedule(tx, charge.scheduleId!);
    if (!recurring) return { outcome: 'unknown_charge', chargeId: charge.id };
    const donationId = await insertOccurrence(
      tx,
      recurring,
      {
        paymentProvider: CARD_PAYMENT_PROVIDER,
        paymentId: charge.id,
        amount: charge.amount,
        outcome: transition.status === 'paid' ? transition : { status: 'failed', reason: transition.reason },
      },
      deps,
    );
    const charged = donationId === null ? {} : chargedChanges(recurring, charge, now);
    const changes = { ...charged, ...scheduleChanges({ ...recurring, ...charged }, schedule, now) };
    await update(tx, recurring.id, changes);
    if (changes.status === 'suspended' && deps.mailLinks) await queueSuspendedMails(tx, recurring.id, now, deps.mailLinks);
    if (donationId !== null) {
      deps.log.info(
        { recurringDonationId: recurring.id, chargeId: charge.id, donationId, status: transition.status },
        'scheduled card charge recorded',
      );
      return { outcome: 'settled', chargeId: charge.id, donationId, status: transition.status === 'paid' ? 'paid' : 'failed' };
    }
    const [recorded] = await tx
      .select({ id: donations.id, status: donations.status })
      .from(donations)
      .where(and(eq(donations.paymentProvider, CARD_PAYMENT_PROVIDER), eq(donations.paymentId, charge.id)))
      .limit(1);
    return recorded
      ? { outcome: 'unchanged', chargeId: charge.id, donationId: recorded.id, status: recorded.status }
      : { outcome: 'unknown_charge', chargeId: charge.id };
  });
}

/** Applies the schedule's state (next date, suspension) to its recurring donation: schedule.* events. */
export async function syncSchedule(deps: ScheduledChargeDeps, schedule: CardSchedule, now: Date = new Date()): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const recurring = await lockRecurringOfSchedule(tx, schedule.id);
    if (!recurring) return false;
    const changes = scheduleChanges(recurring, schedule, now);
    await update(tx, recurring.id, changes);
    if (changes.status === 'suspended' && deps.mailLinks) await queueSuspendedMails(tx, recurring.id, now, deps.mailLinks);
    if (changes.status === 'suspended')
      deps.log.warn({ recurringDonationId: recurring.id, scheduleId: schedule.id }, 'the card provider suspended a recurring donation');
    return true;
  });
}
