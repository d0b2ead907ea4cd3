// The sandbox's control API, for tests and for a person trying Kifu: fault injection settings,
// the clock, recent activity, and a reset. Never part of any provider's protocol.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorOptions } from './context';

const faultChanges = z
  .object({
    errorRate: z.number().min(0).max(1),
    timeoutRate: z.number().min(0).max(1),
    dropWebhookRate: z.number().min(0).max(1),
    timeoutMs: z.number().int().min(0),
  })
  .partial()
  .strict();

export async function controlRoutes(
  app: FastifyInstance,
  { context, resets }: Pick<EmulatorOptions, 'context'> & { resets: (() => void)[] },
) {
  app.get('/faults', async () => context.faults.settings);
  app.put('/faults', async (request, reply) => {
    const parsed = faultChanges.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid fault settings', issues: parsed.error.issues });
    const settings = context.faults.update(parsed.data);
    context.activity.record('sandbox', 'fault settings changed', JSON.stringify(settings));
    return settings;
  });

  app.get('/clock', async () => ({ now: context.clock.now().toISOString() }));
  app.post('/clock', async (request, reply) => {
    const parsed = z
      .object({ advanceMs: z.number().int().min(0) })
      .strict()
      .safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'expected {advanceMs}' });
    context.clock.advance(parsed.data.advanceMs);
    return { now: context.clock.now().toISOString() };
  });

  app.get('/activity', async () => ({ activity: context.activity.recent(200) }));

  app.post('/reset', async () => {
    context.faults.reset();
    context.clock.reset();
    context.activity.clear();
    for (const reset of resets) reset();
    return { reset: true };
  });
}
