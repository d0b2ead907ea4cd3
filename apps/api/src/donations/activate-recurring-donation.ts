// Job `activate-recurring-donation`: once the first payment of a monthly gift or an annual membership
// is paid (3-D Secure, charged now), the provider's schedule takes over the later cycles
// (providers.md "Schedules"), and the recurring donation goes pending ─▶ active.
//   monthly: every 1 month on the day of the first payment in Japan, capped at 28 (every month
//            has it), starting tomorrow so this month is not charged twice;
//   annual:  every 12 months on day 1 of the plan's month, starting at
//            nextMembershipSettlementDate (spec §9 "Membership settlement").
// The provider call is made outside any transaction; the row only moves if it is still pending
// with no schedule, and a schedule that lost that race is deleted again. A provider failure
// throws, and the job is retried with backoff.
import { japanDateOf, nextMembershipSettlementDate, type CalendarDate } from '@kifu/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { donations, membershipPlans, recurringDonations } from '../db/schema/index';
import { CARD_PAYMENT_PROVIDER } from '../payments/card/card-payment-state';
import type { CardGateway } from '../providers/card/card-gateway';

export const ACTIVATE_RECURRING_DONATION_JOB = 'activate-recurring-donation';

/** Omise needs an end date; a recurring gift runs until the supporter stops it, so far enough away. */
export const SCHEDULE_YEARS = 30;
const MAX_DAY_OF_MONTH = 28;
const DAY_MS = 86_400_000;

function isoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface ScheduleTiming {
  dayOfMonth: number;
  startOn: string;
  endOn: string;
}

/** Pure: when the provider charges the later cycles of a gift first paid at `paidAt`, asked at `now`. */
export function scheduleTiming(period: 'monthly' | 'annual', paidAt: Date, now: Date, onMonth: number | null): ScheduleTiming {
  let dayOfMonth: number;
  let start: CalendarDate;
  if (period === 'monthly') {
    dayOfMonth = Math.min(japanDateOf(paidAt).day, MAX_DAY_OF_MONTH);
    // Tomorrow in Japan (of whichever is later, should the job run late): today's cycle is paid.
    start = japanDateOf(new Date(Math.max(paidAt.getTime(), now.getTime()) + DAY_MS));
  } else {
    if (onMonth === null) throw new Error('an annual membership needs its plan month');
    dayOfMonth = 1;
    start = japanDateOf(nextMembershipSettlementDate(paidAt, onMonth));
  }
  return { dayOfMonth, startOn: isoDate(start), endOn: `${start.year + SCHEDULE_YEARS}-12-31` };
}

export interface ActivateDeps {
  db: Database;
  gateway: CardGateway;
  log: FastifyBaseLogger;
}

export type ActivationResult = 'activated' | 'unchanged' | 'not_paid';

export async function activateRecurringDonation(deps: ActivateDeps, recurringDonationId: number, now: Date = new Date()): Promise<ActivationResult> {
  const { db, gateway } = deps;
  const [recurring] = await db.select().from(recurringDonations).where(eq(recurringDonations.id, recurringDonationId)).limit(1);
  if (!recurring || recurring.status !== 'pending' || recurring.recurringId !== null || !recurring.customerId) return 'unchanged';
  const [first] = await db
    .select({ paidAt: donations.paidAt })
    .from(donations)
    .where(and(eq(donations.recurringDonationId, recurringDonationId), eq(donations.status, 'paid')))
    .orderBy(asc(donations.id))
    .limit(1);
  if (!first) return 'not_paid';
  const [plan] = recurring.membershipPlanId
    ? await db.select({ onMonth: membershipPlans.onMonth }).from(membershipPlans).where(eq(membershipPlans.id, recurring.membershipPlanId)).limit(1)
    : [];
  const paidAt = first.paidAt ?? now;
  const period = recurring.period === 'annual' ? 'annual' : 'monthly';
  const timing = scheduleTiming(period, paidAt, now, plan?.onMonth ?? null);

  const schedule = await gateway.createSchedule({
    customerId: recurring.customerId,
    amount: recurring.amount,
    frequency: period,
    dayOfMonth: timing.dayOfMonth,
    startOn: timing.startOn,
    endOn: timing.endOn,
    description: `Kifu ${period} donation ${recurringDonationId}`,
    metadata: { recurring_donation_id: recurringDonationId },
  });
  const [activated] = await db
    .update(recurringDonations)
    .set({
      status: 'active',
      paymentProvider: CARD_PAYMENT_PROVIDER,
      recurringId: schedule.id,
      onDays: [timing.dayOfMonth],
      nextOccurrenceDate: schedule.nextOccurrencesOn[0] ?? timing.startOn,
      endDate: timing.endOn,
      lastChargedAt: paidAt,
      updatedAt: sql`now()`,
    })
    .where(and(eq(recurringDonations.id, recurringDonationId), eq(recurringDonations.status, 'pending'), isNull(recurringDonations.recurringId)))
    .returning({ id: recurringDonations.id });
  if (activated) {
    deps.log.info({ recurringDonationId, scheduleId: schedule.id, ...timing }, 'recurring donation activated');
    return 'activated';
  }
  // Someone else activated (or stopped) it meanwhile: this schedule must not charge anyone.
  await gateway.deleteSchedule(schedule.id);
  return 'unchanged';
}
