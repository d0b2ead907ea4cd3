// POST /card/__run-schedules: the sandbox's stand-in for Omise's daily schedule runner. Tests and
// people move the sandbox clock (POST /__control/clock) and call this to charge what is due, or
// name a day (`as_of`) and a schedule to run one schedule's day without moving the clock.
// Not part of Omise's protocol, so no API key and no fault injection.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { CardDeps } from './card-store';
import { runDueSchedules } from './run-schedules';

export const RUN_SCHEDULES_PATH = '/card/__run-schedules';

/** Optional: run one schedule as of a later day, leaving the shared clock alone (run-schedules.ts). */
const runRequest = z.object({
  as_of: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  schedule: z.string().max(64).optional(),
});

export async function scheduleControlRoute(app: FastifyInstance, { deps }: { deps: CardDeps }) {
  app.post(RUN_SCHEDULES_PATH, async (request, reply) => {
    const parsed = runRequest.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: 'expected {as_of?: YYYY-MM-DD, schedule?: id}' });
    const ran = runDueSchedules(deps, { asOf: parsed.data.as_of, schedule: parsed.data.schedule });
    if (ran.length > 0) deps.context.activity.record('card', 'schedules run', `${ran.length} occurrence attempt(s)`);
    return { now: deps.context.clock.now().toISOString(), ran };
  });
}
