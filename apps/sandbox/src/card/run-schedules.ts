// Runs what is due on the sandbox clock's date (Japan time), as Omise's daily schedule runner does:
// each occurrence date on or before today charges the customer's card (its default card unless
// the schedule names one), outcome by the same test-card table as any charge. A failed occurrence
// is retried the next day and the day after (providers.md); when both retries fail the schedule
// is suspended. The retries update the same occurrence (status, retry_on, result = latest charge).
// A customer or card that no longer exists makes the occurrence `skipped`.
import type { CardDeps, StoredOccurrence, StoredSchedule } from './card-store';
import { scheduleObject } from './card-objects';
import { createCharge } from './create-charge';
import { emitEvent } from './emit-event';
import { CardApiError } from './errors';
import { newId, omiseTime } from './ids';
import { addDays, japanDate, scheduleDates } from './schedule-dates';

/** The first attempt plus two retries. */
export const MAX_ATTEMPTS = 3;

export interface OccurrenceRun {
  schedule: string;
  occurrence: string;
  scheduled_on: string;
  attempt: number;
  status: StoredOccurrence['status'];
  charge: string | null;
}

function attempt(deps: CardDeps, schedule: StoredSchedule, occurrence: StoredOccurrence, today: string): OccurrenceRun {
  const now = deps.context.clock.now();
  occurrence.attempts += 1;
  occurrence.processed_at = omiseTime(now);
  let chargeId: string | null = null;
  try {
    const charge = createCharge(deps, {
      amount: schedule.charge.amount,
      currency: 'jpy',
      description: schedule.charge.description,
      metadata: schedule.charge.metadata,
      customer: schedule.charge.customer,
      card: schedule.charge.card ?? undefined,
      schedule: schedule.id,
    });
    chargeId = charge.id;
    occurrence.result = charge.id;
    if (charge.status === 'successful') {
      occurrence.status = 'successful';
      occurrence.message = null;
      occurrence.retry_on = null;
    } else {
      occurrence.status = 'failed';
      occurrence.message = charge.failure_message;
      occurrence.retry_on = occurrence.attempts < MAX_ATTEMPTS ? addDays(today, 1) : null;
    }
  } catch (error) {
    if (!(error instanceof CardApiError)) throw error;
    occurrence.status = 'skipped';
    occurrence.message = error.message;
    occurrence.retry_on = null;
  }
  deps.context.activity.record(
    'card',
    `occurrence ${occurrence.status}`,
    `${schedule.id} ${occurrence.scheduled_on} attempt ${occurrence.attempts}${chargeId ? ` ${chargeId}` : ''}`,
  );

  if (occurrence.status === 'failed' && occurrence.retry_on === null) {
    schedule.status = 'suspended';
    schedule.ended_at = omiseTime(now);
    deps.context.activity.record('card', 'schedule suspended', `${schedule.id}: ${occurrence.scheduled_on} failed ${MAX_ATTEMPTS} times`);
    emitEvent(deps, 'schedule.suspend', scheduleObject(schedule, now));
  }
  return {
    schedule: schedule.id,
    occurrence: occurrence.id,
    scheduled_on: occurrence.scheduled_on,
    attempt: occurrence.attempts,
    status: occurrence.status,
    charge: chargeId,
  };
}

function nextNewDate(schedule: StoredSchedule, today: string): string | undefined {
  const done = new Set(schedule.occurrences.map((occurrence) => occurrence.scheduled_on));
  for (const date of scheduleDates(schedule)) {
    if (date > today) return undefined;
    if (!done.has(date)) return date;
  }
  return undefined;
}

function dueRetry(schedule: StoredSchedule, today: string): StoredOccurrence | undefined {
  return schedule.occurrences
    .filter((occurrence) => occurrence.status === 'failed' && occurrence.retry_on !== null && occurrence.retry_on <= today)
    .sort((a, b) => a.retry_on!.localeCompare(b.retry_on!))[0];
}

function runSchedule(deps: CardDeps, schedule: StoredSchedule, today: string, runs: OccurrenceRun[]): void {
  // Oldest work first, so a clock moved several days ahead replays the days in order.
  while (schedule.status === 'active') {
    const date = nextNewDate(schedule, today);
    const retry = dueRetry(schedule, today);
    if (retry && (date === undefined || retry.retry_on! <= date)) {
      runs.push(attempt(deps, schedule, retry, today));
      continue;
    }
    if (date === undefined) break;
    const occurrence: StoredOccurrence = {
      id: newId('occu'),
      created_at: omiseTime(deps.context.clock.now()),
      schedule: schedule.id,
      scheduled_on: date,
      retry_on: null,
      processed_at: null,
      status: 'skipped',
      message: null,
      result: null,
      attempts: 0,
    };
    schedule.occurrences.push(occurrence);
    runs.push(attempt(deps, schedule, occurrence, today));
  }
  const retrying = schedule.occurrences.some((occurrence) => occurrence.retry_on !== null);
  if (schedule.status === 'active' && schedule.end_on <= today && !retrying) {
    const now = deps.context.clock.now();
    schedule.status = 'expired';
    schedule.ended_at = omiseTime(now);
    deps.context.activity.record('card', 'schedule expired', schedule.id);
    emitEvent(deps, 'schedule.expire', scheduleObject(schedule, now));
  }
}

export interface RunOptions {
  /**
   * Run as if the day (YYYY-MM-DD, Japan) were this one, without moving the sandbox clock that
   * everything else shares: one test can reach a schedule's charge day while others go on.
   */
  asOf?: string;
  /** Only this schedule. */
  schedule?: string;
}

/** Runs every active schedule's due occurrences and retries; returns what was attempted. */
export function runDueSchedules(deps: CardDeps, options: RunOptions = {}): OccurrenceRun[] {
  const clockToday = japanDate(deps.context.clock.now());
  const today = options.asOf !== undefined && options.asOf > clockToday ? options.asOf : clockToday;
  const runs: OccurrenceRun[] = [];
  for (const schedule of deps.store.schedules.values()) {
    if (options.schedule !== undefined && schedule.id !== options.schedule) continue;
    if (schedule.status === 'active') runSchedule(deps, schedule, today, runs);
  }
  return runs;
}
