// POST /card/__run-schedules: the sandbox's stand-in for Omise's daily schedule runner. Tests and
// people move the sandbox clock (POST /__control/clock) and call this to charge what is due.
// Not part of Omise's protocol, so no API key and no fault injection.
import type { FastifyInstance } from 'fastify';
import type { CardDeps } from './card-store';
import { runDueSchedules } from './run-schedules';

export const RUN_SCHEDULES_PATH = '/card/__run-schedules';

export async function scheduleControlRoute(app: FastifyInstance, { deps }: { deps: CardDeps }) {
  app.post(RUN_SCHEDULES_PATH, async () => {
    const ran = runDueSchedules(deps);
    if (ran.length > 0) deps.context.activity.record('card', 'schedules run', `${ran.length} occurrence attempt(s)`);
    return { now: deps.context.clock.now().toISOString(), ran };
  });
}
