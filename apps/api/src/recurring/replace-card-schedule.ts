// Job `replace-card-schedule` (ADR 034, ADR 053). A card schedule at the provider cannot be edited:
// a new amount, a pause or a skip is a new schedule. The change is written first (the row's amount
// and next date, with scheduleChangeRequestedAt set, in the supporter's transaction); then the
// request's own call and this job, queued with it, make the provider hold exactly one live schedule
// for the donation matching the row, and record it.
//
// Never two live schedules (a supporter charged twice a month):
// - One replacement at a time per donation. A run first takes the row's lease
//   (scheduleLeaseHolder / scheduleLeaseUntil); a run that finds it held by another does nothing
//   and its job looks again a few seconds later. Without it, the request's call and the job it
//   queued ran side by side: each deleted the old schedule and each created a new one.
// - Every call that changes the provider (a delete, the create) is made only after the lease is
//   renewed, so a run that lost its lease (a process paused past it) changes nothing more.
// - It deletes before it creates, so the old and the new never run side by side; a crash in between
//   leaves the request set and the lease lapses, and the job (or reconciliation) finishes the work.
//   A schedule created by a run that died before recording it matches the row and is kept, not made again.
// - A request made while a run worked is seen (the timestamp differs) and handled by the same run.
// A stopped donation ends with no live schedule; a stop takes the same lease (manage-recurring.ts).
import { randomUUID } from 'node:crypto';
import { nextChangeableCharge } from '@kifu/domain';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { recurringDonations } from '../db/schema/index';
import { enqueueJob } from '../jobs/enqueue-job';
import { CARD_PAYMENT_PROVIDER, type CardGateway, type CardSchedule } from '../providers/card/card-gateway';
import { isLiveSchedule, SCHEDULE_OWNER_KEY, SCHEDULE_YEARS, scheduleOwnerId } from './activate-recurring-donation';
import { releaseScheduleLease, renewScheduleLease, takeScheduleLease } from './schedule-lease';

export const REPLACE_CARD_SCHEDULE_JOB = 'replace-card-schedule';

/** A job that found the lease held looks again this much later. */
export const BUSY_RETRY_MS = 3_000;
/** Requests that keep arriving while a run works are taken in the same run, this many times at most. */
const MAX_ROUNDS = 5;

export interface ReplaceScheduleDeps {
  db: Database;
  gateway: CardGateway;
  log: FastifyBaseLogger;
}

type Recurring = typeof recurringDonations.$inferSelect;

/** Queues the job in the caller's transaction, once while one is waiting. */
export function enqueueScheduleReplacement(tx: Database, recurringDonationId: number, runAt?: Date) {
  return enqueueJob(tx, {
    kind: REPLACE_CARD_SCHEDULE_JOB,
    payload: { recurringDonationId },
    dedupeKey: `${REPLACE_CARD_SCHEDULE_JOB}:${recurringDonationId}`,
    maxAttempts: 10,
    ...(runAt ? { runAt } : {}),
  });
}

/** The donation's live schedules at the provider (by the owner its metadata names). */
export async function ownedSchedules(gateway: CardGateway, recurring: Pick<Recurring, 'id' | 'customerId'>): Promise<CardSchedule[]> {
  if (!recurring.customerId) return [];
  const schedules = await gateway.listCustomerSchedules(recurring.customerId);
  return schedules.filter((schedule) => isLiveSchedule(schedule) && scheduleOwnerId(schedule) === recurring.id);
}

/**
 * Deletes every live schedule of the donation but `keep`: a stop, or the old one of a replacement.
 * `beforeEach` runs before each delete (the lease's renewal).
 */
export async function deleteOwnedSchedules(
  gateway: CardGateway,
  recurring: Pick<Recurring, 'id' | 'customerId' | 'recurringId'>,
  { keep, beforeEach }: { keep?: string; beforeEach?: () => Promise<void> } = {},
) {
  const owned = await ownedSchedules(gateway, recurring);
  const ids = new Set(owned.map((schedule) => schedule.id));
  // One recorded before schedules carried their owner still counts as the donation's.
  if (recurring.recurringId && !ids.has(recurring.recurringId)) {
    const recorded = await gateway.retrieveSchedule(recurring.recurringId);
    if (isLiveSchedule(recorded)) ids.add(recorded.id);
  }
  for (const id of ids) {
    if (id === keep) continue;
    await beforeEach?.();
    await gateway.deleteSchedule(id);
  }
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

/** `busy`: another run holds the lease; it, or this job a little later, does the work. */
export type ReplaceResult = 'replaced' | 'stopped' | 'nothing_to_do' | 'busy';

const needsReplacing = (recurring: Recurring | undefined): recurring is Recurring =>
  !!recurring?.scheduleChangeRequestedAt && recurring.paymentProvider === CARD_PAYMENT_PROVIDER && !!recurring.customerId;

export async function replaceCardSchedule(
  deps: ReplaceScheduleDeps,
  recurringDonationId: number,
  now = new Date(),
): Promise<ReplaceResult> {
  const [seen] = await deps.db.select().from(recurringDonations).where(eq(recurringDonations.id, recurringDonationId)).limit(1);
  if (!needsReplacing(seen)) return 'nothing_to_do';
  const holder = randomUUID();
  try {
    let result: ReplaceResult = 'nothing_to_do';
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const recurring = await takeScheduleLease(deps.db, recurringDonationId, holder);
      if (!recurring) return 'busy';
      if (!needsReplacing(recurring)) return result;
      const applied = await applyRequest(deps, recurring, holder, now);
      if (applied.recorded) return applied.result;
      result = applied.result;
      // Another request came while this one was applied: take it too, still holding the lease.
    }
    return result;
  } finally {
    await releaseScheduleLease(deps.db, recurringDonationId, holder);
  }
}

/** Makes the provider match one request; `recorded` is false when a newer request came meanwhile. */
async function applyRequest(
  deps: ReplaceScheduleDeps,
  recurring: Recurring,
  holder: string,
  now: Date,
): Promise<{ result: ReplaceResult; recorded: boolean }> {
  const id = recurring.id;
  const requestedAt = recurring.scheduleChangeRequestedAt!;
  const renew = () => renewScheduleLease(deps.db, id, holder);
  const done = async (changes: Partial<Recurring>) => {
    const updated = await deps.db
      .update(recurringDonations)
      .set({ ...changes, scheduleChangeRequestedAt: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(recurringDonations.id, id),
          eq(recurringDonations.scheduleChangeRequestedAt, requestedAt),
          eq(recurringDonations.scheduleLeaseHolder, holder),
        ),
      )
      .returning({ id: recurringDonations.id });
    return updated.length > 0;
  };

  if (recurring.status === 'stopped' || recurring.status === 'suspended') {
    if (recurring.status === 'stopped') await deleteOwnedSchedules(deps.gateway, recurring, { beforeEach: renew });
    const recorded = await done({});
    return { result: recurring.status === 'stopped' ? 'stopped' : 'nothing_to_do', recorded };
  }
  const want = wanted(recurring, now);
  const current = (await ownedSchedules(deps.gateway, recurring)).find((schedule) => matches(schedule, want));
  await deleteOwnedSchedules(deps.gateway, recurring, { keep: current?.id, beforeEach: renew });
  let schedule = current;
  if (!schedule) {
    await renew();
    schedule = await deps.gateway.createSchedule({
      customerId: recurring.customerId!,
      amount: want.amount,
      frequency: recurring.period === 'annual' ? 'annual' : 'monthly',
      dayOfMonth: want.dayOfMonth,
      startOn: want.startOn,
      endOn: recurring.endDate ?? `${Number(want.startOn.slice(0, 4)) + SCHEDULE_YEARS}-12-31`,
      description: `Kifu ${recurring.period} donation ${id}`,
      metadata: { [SCHEDULE_OWNER_KEY]: id },
    });
  }
  // Recorded even when a newer request came meanwhile: the row names the schedule the provider has.
  const recorded = await done({ recurringId: schedule.id, nextOccurrenceDate: schedule.nextOccurrencesOn[0] ?? want.startOn });
  if (!recorded)
    await deps.db
      .update(recurringDonations)
      .set({ recurringId: schedule.id })
      .where(and(eq(recurringDonations.id, id), eq(recurringDonations.scheduleLeaseHolder, holder)));
  deps.log.info({ recurringDonationId: id, scheduleId: schedule.id, amount: want.amount, startOn: want.startOn }, 'card schedule replaced');
  return { result: 'replaced', recorded };
}

/**
 * The job: replaces the schedule, or — when another run holds the lease (the request's own call,
 * or a run that died and whose lease has yet to lapse) — looks again a few seconds later.
 */
export async function runScheduleReplacementJob(deps: ReplaceScheduleDeps, recurringDonationId: number): Promise<ReplaceResult> {
  const result = await replaceCardSchedule(deps, recurringDonationId);
  if (result === 'busy') await enqueueScheduleReplacement(deps.db, recurringDonationId, new Date(Date.now() + BUSY_RETRY_MS));
  return result;
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
