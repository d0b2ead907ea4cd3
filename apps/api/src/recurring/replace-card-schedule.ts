// Job `replace-card-schedule` (issue 14, ADR 034). A card schedule at the provider cannot be edited:
// a new amount, a pause or a skip is a new schedule. The change is written first (the row's amount
// and next date, with scheduleChangeRequestedAt set, in the supporter's transaction); this job then
// makes the provider hold exactly one live schedule for the donation matching the row, and records
// it. It deletes before it creates, so two schedules never run side by side (a supporter charged
// twice); a crash in between leaves the request set, and the job — queued with it, and run again by
// reconciliation — finishes the work. A request made while the job ran is seen (the timestamp
// differs) and handled by the next run. A stopped donation ends with no live schedule.
import { nextChangeableCharge } from '@kifu/domain';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { recurringDonations } from '../db/schema/index';
import { enqueueJob } from '../jobs/enqueue-job';
import { CARD_PAYMENT_PROVIDER, type CardGateway, type CardSchedule } from '../providers/card/card-gateway';
import { isLiveSchedule, SCHEDULE_OWNER_KEY, SCHEDULE_YEARS, scheduleOwnerId } from './activate-recurring-donation';

export const REPLACE_CARD_SCHEDULE_JOB = 'replace-card-schedule';

export interface ReplaceScheduleDeps {
  db: Database;
  gateway: CardGateway;
  log: FastifyBaseLogger;
}

type Recurring = typeof recurringDonations.$inferSelect;

/** Queues the job in the caller's transaction, once while one is waiting. */
export function enqueueScheduleReplacement(tx: Database, recurringDonationId: number) {
  return enqueueJob(tx, {
    kind: REPLACE_CARD_SCHEDULE_JOB,
    payload: { recurringDonationId },
    dedupeKey: `${REPLACE_CARD_SCHEDULE_JOB}:${recurringDonationId}`,
    maxAttempts: 10,
  });
}

/** The donation's live schedules at the provider (by the owner its metadata names). */
export async function ownedSchedules(gateway: CardGateway, recurring: Pick<Recurring, 'id' | 'customerId'>): Promise<CardSchedule[]> {
  if (!recurring.customerId) return [];
  const schedules = await gateway.listCustomerSchedules(recurring.customerId);
  return schedules.filter((schedule) => isLiveSchedule(schedule) && scheduleOwnerId(schedule) === recurring.id);
}

/** Deletes every live schedule of the donation: a stop, or the old one of a replacement. */
export async function deleteOwnedSchedules(
  gateway: CardGateway,
  recurring: Pick<Recurring, 'id' | 'customerId' | 'recurringId'>,
  keep?: string,
) {
  const owned = await ownedSchedules(gateway, recurring);
  const ids = new Set(owned.map((schedule) => schedule.id));
  // One recorded before schedules carried their owner still counts as the donation's.
  if (recurring.recurringId && !ids.has(recurring.recurringId)) {
    const recorded = await gateway.retrieveSchedule(recurring.recurringId);
    if (isLiveSchedule(recorded)) ids.add(recorded.id);
  }
  for (const id of ids) if (id !== keep) await gateway.deleteSchedule(id);
}

function chargeDayOf(recurring: Recurring): number {
  return recurring.onDays[0] ?? Number(recurring.nextOccurrenceDate?.slice(8, 10) ?? 1);
}

/** What the schedule must be for the row as it stands. */
function wanted(recurring: Recurring, now: Date) {
  const dayOfMonth = chargeDayOf(recurring);
  const startOn = nextChangeableCharge(recurring.nextOccurrenceDate, dayOfMonth, now);
  return { amount: recurring.amount, dayOfMonth, startOn };
}

const matches = (schedule: CardSchedule, want: ReturnType<typeof wanted>) =>
  schedule.amount === want.amount && schedule.daysOfMonth[0] === want.dayOfMonth && schedule.nextOccurrencesOn[0] === want.startOn;

export type ReplaceResult = 'replaced' | 'stopped' | 'nothing_to_do';

export async function replaceCardSchedule(
  deps: ReplaceScheduleDeps,
  recurringDonationId: number,
  now = new Date(),
): Promise<ReplaceResult> {
  const [recurring] = await deps.db.select().from(recurringDonations).where(eq(recurringDonations.id, recurringDonationId)).limit(1);
  if (!recurring?.scheduleChangeRequestedAt || recurring.paymentProvider !== CARD_PAYMENT_PROVIDER || !recurring.customerId)
    return 'nothing_to_do';
  const requestedAt = recurring.scheduleChangeRequestedAt;
  const done = (changes: Partial<Recurring>) =>
    deps.db
      .update(recurringDonations)
      .set({ ...changes, scheduleChangeRequestedAt: null, updatedAt: sql`now()` })
      .where(and(eq(recurringDonations.id, recurringDonationId), eq(recurringDonations.scheduleChangeRequestedAt, requestedAt)));

  if (recurring.status === 'stopped' || recurring.status === 'suspended') {
    if (recurring.status === 'stopped') await deleteOwnedSchedules(deps.gateway, recurring);
    await done({});
    return recurring.status === 'stopped' ? 'stopped' : 'nothing_to_do';
  }
  const want = wanted(recurring, now);
  const current = (await ownedSchedules(deps.gateway, recurring)).find((schedule) => matches(schedule, want));
  await deleteOwnedSchedules(deps.gateway, recurring, current?.id);
  const schedule =
    current ??
    (await deps.gateway.createSchedule({
      customerId: recurring.customerId,
      amount: want.amount,
      frequency: recurring.period === 'annual' ? 'annual' : 'monthly',
      dayOfMonth: want.dayOfMonth,
      startOn: want.startOn,
      endOn: recurring.endDate ?? `${Number(want.startOn.slice(0, 4)) + SCHEDULE_YEARS}-12-31`,
      description: `Kifu ${recurring.period} donation ${recurring.id}`,
      metadata: { [SCHEDULE_OWNER_KEY]: recurring.id },
    }));
  await done({ recurringId: schedule.id, nextOccurrenceDate: schedule.nextOccurrencesOn[0] ?? want.startOn });
  deps.log.info({ recurringDonationId, scheduleId: schedule.id, amount: want.amount, startOn: want.startOn }, 'card schedule replaced');
  return 'replaced';
}

/** Requests older than a minute whose job was lost: queued again by reconciliation. */
export async function requeueStaleReplacements(db: Database): Promise<number> {
  const stale = await db
    .select({ id: recurringDonations.id })
    .from(recurringDonations)
    .where(
      and(
        isNotNull(recurringDonations.scheduleChangeRequestedAt),
        lte(recurringDonations.scheduleChangeRequestedAt, sql`now() - interval '1 minute'`),
      ),
    )
    .limit(100);
  for (const { id } of stale) await enqueueScheduleReplacement(db, id);
  return stale.length;
}
