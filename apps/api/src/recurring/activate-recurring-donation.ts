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
// A process that dies between the provider creating the schedule and the row recording it (kill -9,
// a crash, a lost answer) leaves the row pending with the schedule at the provider: the job runs
// again and must not make a second one, which would charge the supporter twice a month. So the
// customer's schedules are looked up first, and one made for this recurring donation (its
// metadata names it) is taken over instead of creating another (ADR 022). Omise's Idempotency-Key
// header would do the same, but the official SDK sends no custom headers.
import { japanDateOf, nextMembershipSettlementDate, type CalendarDate } from '@kifu/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { donations, membershipPlans, recurringDonations } from '../db/schema/index';
import { CARD_PAYMENT_PROVIDER } from '../providers/card/card-gateway';
import type { CardGateway, CardSchedule } from '../providers/card/card-gateway';

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

/** The metadata key that ties a provider schedule to its recurring donation. */
export const SCHEDULE_OWNER_KEY = 'recurring_donation_id';

/** Statuses of a provider schedule that is still there to charge (or resume). */
export function isLiveSchedule(schedule: CardSchedule): boolean {
  return schedule.status !== 'deleted' && schedule.status !== 'expired';
}

/** The recurring donation a provider schedule was made for, as its metadata says; null if none. */
export function scheduleOwnerId(schedule: CardSchedule): number | null {
  const owner = Number(schedule.metadata[SCHEDULE_OWNER_KEY]);
  return Number.isInteger(owner) && owner > 0 ? owner : null;
}

/** A live schedule an earlier run made for this recurring donation and did not get to record. */
async function earlierSchedule(gateway: CardGateway, customerId: string, recurringDonationId: number): Promise<CardSchedule | undefined> {
  const schedules = await gateway.listCustomerSchedules(customerId);
  return schedules.find((schedule) => isLiveSchedule(schedule) && scheduleOwnerId(schedule) === recurringDonationId);
}

export async function activateRecurringDonation(
  deps: ActivateDeps,
  recurringDonationId: number,
  now: Date = new Date(),
): Promise<ActivationResult> {
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
    ? await db
        .select({ onMonth: membershipPlans.onMonth })
        .from(membershipPlans)
        .where(eq(membershipPlans.id, recurring.membershipPlanId))
        .limit(1)
    : [];
  const paidAt = first.paidAt ?? now;
  const period = recurring.period === 'annual' ? 'annual' : 'monthly';
  const timing = scheduleTiming(period, paidAt, now, plan?.onMonth ?? null);

  const earlier = await earlierSchedule(gateway, recurring.customerId, recurringDonationId);
  if (earlier) deps.log.warn({ recurringDonationId, scheduleId: earlier.id }, 'taking over the schedule an interrupted activation made');
  const schedule =
    earlier ??
    (await gateway.createSchedule({
      customerId: recurring.customerId,
      amount: recurring.amount,
      frequency: period,
      dayOfMonth: timing.dayOfMonth,
      startOn: timing.startOn,
      endOn: timing.endOn,
      description: `Kifu ${period} donation ${recurringDonationId}`,
      metadata: { [SCHEDULE_OWNER_KEY]: recurringDonationId },
    }));
  const dayOfMonth = schedule.daysOfMonth[0] ?? timing.dayOfMonth;
  const [activated] = await db
    .update(recurringDonations)
    .set({
      status: 'active',
      paymentProvider: CARD_PAYMENT_PROVIDER,
      recurringId: schedule.id,
      onDays: [dayOfMonth],
      nextOccurrenceDate: schedule.nextOccurrencesOn[0] ?? schedule.startOn ?? timing.startOn,
      endDate: schedule.endOn ?? timing.endOn,
      lastChargedAt: paidAt,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(recurringDonations.id, recurringDonationId), eq(recurringDonations.status, 'pending'), isNull(recurringDonations.recurringId)),
    )
    .returning({ id: recurringDonations.id });
  if (activated) {
    deps.log.info(
      { recurringDonationId, scheduleId: schedule.id, dayOfMonth, nextOccurrenceDate: schedule.nextOccurrencesOn[0] },
      'recurring donation activated',
    );
    return 'activated';
  }
  // Someone else activated (or stopped) it meanwhile: this schedule must not charge anyone, unless
  // it is the very one the other run took over and recorded.
  const [current] = await db
    .select({ recurringId: recurringDonations.recurringId })
    .from(recurringDonations)
    .where(eq(recurringDonations.id, recurringDonationId))
    .limit(1);
  if (current?.recurringId !== schedule.id) await gateway.deleteSchedule(schedule.id);
  return 'unchanged';
}
