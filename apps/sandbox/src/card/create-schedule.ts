// POST /schedules (https://docs.opn.ooo/schedules-api): a recurring charge of a customer's card.
// Dates are calendar dates in Japan time; the occurrences run when the sandbox clock reaches them
// and POST /card/__run-schedules is called (see run-schedules.ts).
import type { CardDeps, Metadata, SchedulePeriod, StoredSchedule, Weekday } from './card-store';
import { scheduleObject } from './card-objects';
import { customerCard, validateAmount } from './create-charge';
import { emitEvent } from './emit-event';
import { CardApiError } from './errors';
import { newId, omiseTime } from './ids';
import { inWords, isCalendarDate, japanDate } from './schedule-dates';

export interface ScheduleRequest {
  every: number;
  period: SchedulePeriod;
  on?: { days_of_month?: number[]; weekdays?: Weekday[]; weekday_of_month?: string };
  start_on?: string;
  end_on?: string;
  charge: { customer: string; card?: string; amount: number; description?: string | null; metadata?: Metadata };
}

const badRequest = (message: string) => new CardApiError('bad_request', message);

function recurrenceDays(request: ScheduleRequest): StoredSchedule['on'] {
  if (request.period === 'month') {
    if (request.on?.weekday_of_month) throw badRequest('on[weekday_of_month] is not supported by the sandbox, use on[days_of_month]');
    const days = request.on?.days_of_month ?? [];
    // Omise allows 1–28 so that every month has the day.
    if (days.length === 0 || days.some((day) => day < 1 || day > 28)) throw badRequest('on[days_of_month] must hold days between 1 and 28');
    return { days_of_month: [...new Set(days)].sort((a, b) => a - b) };
  }
  if (request.period === 'week') {
    const weekdays = request.on?.weekdays ?? [];
    if (weekdays.length === 0) throw badRequest('on[weekdays] is required for a weekly schedule');
    return { weekdays: [...new Set(weekdays)] };
  }
  return {};
}

export function createSchedule(deps: CardDeps, request: ScheduleRequest): StoredSchedule {
  const now = deps.context.clock.now();
  const today = japanDate(now);
  if (request.every < 1) throw badRequest('every must be greater than 0');
  const on = recurrenceDays(request);
  const start = request.start_on ?? today;
  if (!isCalendarDate(start)) throw badRequest('start_on is invalid');
  if (start < today) throw badRequest('start_on cannot be in the past');
  if (!request.end_on) throw badRequest('end_on is required');
  if (!isCalendarDate(request.end_on)) throw badRequest('end_on is invalid');
  if (request.end_on < start) throw badRequest('end_on must be after start_on');
  validateAmount(request.charge.amount);
  // The customer (and the named card) must exist now; which card is charged is decided per occurrence.
  customerCard(deps, request.charge.customer, request.charge.card);

  const schedule: StoredSchedule = {
    id: newId('schd'),
    created_at: omiseTime(now),
    status: 'active',
    every: request.every,
    period: request.period,
    on,
    start_on: start,
    end_on: request.end_on,
    ended_at: null,
    charge: {
      customer: request.charge.customer,
      card: request.charge.card ?? null,
      amount: request.charge.amount,
      description: request.charge.description ?? null,
      metadata: request.charge.metadata ?? {},
    },
    occurrences: [],
  };
  deps.store.schedules.set(schedule.id, schedule);
  deps.context.activity.record(
    'card',
    'schedule created',
    `${schedule.id} ¥${schedule.charge.amount} ${inWords(schedule)} from ${start} to ${schedule.end_on}`,
  );
  emitEvent(deps, 'schedule.create', scheduleObject(schedule, now));
  return schedule;
}

export function deleteSchedule(deps: CardDeps, schedule: StoredSchedule): void {
  if (schedule.status === 'deleted') return;
  schedule.status = 'deleted';
  schedule.ended_at = omiseTime(deps.context.clock.now());
  deps.context.activity.record('card', 'schedule deleted', schedule.id);
  emitEvent(deps, 'schedule.destroy', scheduleObject(schedule, deps.context.clock.now()));
}
