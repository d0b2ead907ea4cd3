// Recurring charges (https://docs.opn.ooo/schedules-api, …/occurrences-api), plus the schedule
// lists the SDK reaches through charges.schedules() and customers.schedules(id).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CardDeps, StoredSchedule } from './card-store';
import { occurrenceObject, scheduleObject } from './card-objects';
import { createSchedule, deleteSchedule } from './create-schedule';
import { CardApiError, notFound } from './errors';
import { listObject, parseListQuery } from './list';
import { omiseVersion } from './omise-http';
import { integerParam, metadataParam, nestFormFields, parseParams } from './request-body';
import { WEEKDAYS } from './schedule-dates';

type IdParams = { Params: { id: string } };

/** A single value where Omise takes a list (on[days_of_month]=15) counts as a list of one. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));

const scheduleParams = z.object({
  every: integerParam,
  period: z.enum(['day', 'week', 'month']),
  on: z
    .object({
      days_of_month: listOf(integerParam).optional(),
      weekdays: listOf(z.enum(WEEKDAYS)).optional(),
      weekday_of_month: z.string().optional(),
    })
    .optional(),
  // Omise-Version 2017-11-02 renamed start_date/end_date; both spellings are accepted.
  start_on: z.string().optional(),
  start_date: z.string().optional(),
  end_on: z.string().optional(),
  end_date: z.string().optional(),
  charge: z.object({
    customer: z.string().min(1),
    card: z.string().min(1).optional(),
    amount: z.unknown().optional(),
    description: z.string().optional(),
    metadata: metadataParam.optional(),
  }),
});

function amountOf(value: unknown): number {
  const amount = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw new CardApiError('invalid_amount', 'charge.amount must be an integer');
  return amount;
}

export async function schedulesRoutes(app: FastifyInstance, { deps }: { deps: CardDeps }) {
  const { store, context } = deps;
  const now = () => context.clock.now();
  const presenter = (request: FastifyRequest) => {
    const legacyNames = omiseVersion(request) < '2017-11-02';
    return (schedule: StoredSchedule) => scheduleObject(schedule, now(), { legacyNames });
  };
  const findSchedule = (id: string) => {
    const schedule = store.schedules.get(id);
    if (!schedule) throw notFound('schedule', id);
    return schedule;
  };

  app.post('/schedules', async (request) => {
    const params = parseParams(scheduleParams, nestFormFields(request.body));
    const schedule = createSchedule(deps, {
      every: params.every,
      period: params.period,
      on: params.on,
      start_on: params.start_on ?? params.start_date,
      end_on: params.end_on ?? params.end_date,
      charge: { ...params.charge, amount: amountOf(params.charge.amount) },
    });
    return presenter(request)(schedule);
  });

  app.get('/schedules', async (request) =>
    listObject(store.schedules.values(), parseListQuery(request.query, now()), '/schedules', presenter(request)),
  );

  app.get<IdParams>('/schedules/:id', async (request) => presenter(request)(findSchedule(request.params.id)));

  app.delete<IdParams>('/schedules/:id', async (request) => {
    const schedule = findSchedule(request.params.id);
    deleteSchedule(deps, schedule);
    return presenter(request)(schedule);
  });

  app.get<IdParams>('/schedules/:id/occurrences', async (request) => {
    const schedule = findSchedule(request.params.id);
    return listObject(
      schedule.occurrences,
      parseListQuery(request.query, now()),
      `/schedules/${schedule.id}/occurrences`,
      occurrenceObject,
    );
  });

  app.get<IdParams>('/occurrences/:id', async (request) => {
    for (const schedule of store.schedules.values()) {
      const occurrence = schedule.occurrences.find((candidate) => candidate.id === request.params.id);
      if (occurrence) return occurrenceObject(occurrence);
    }
    throw notFound('occurrence', request.params.id);
  });

  app.get('/charges/schedules', async (request) =>
    listObject(store.schedules.values(), parseListQuery(request.query, now()), '/charges/schedules', presenter(request)),
  );

  app.get<IdParams>('/customers/:id/schedules', async (request) => {
    if (!store.customers.has(request.params.id)) throw notFound('customer', request.params.id);
    const schedules = [...store.schedules.values()].filter((schedule) => schedule.charge.customer === request.params.id);
    return listObject(schedules, parseListQuery(request.query, now()), `/customers/${request.params.id}/schedules`, presenter(request));
  });
}
