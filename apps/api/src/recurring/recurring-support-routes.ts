// Recurring support calls (ADR 034; spec §7 /user/my_page/recurring_donation/associate/ and
// /donation/recurring/{id}/stop/): the signed-in supporter's list, and stop, change of amount, pause,
// skip and resume of their own recurring donations. Another supporter's is the 404 of one that does
// not exist; anonymous callers get 401. Each change answers the donation as it now stands.
import { api } from '@kifu/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import { changeRecurring, type ManageDeps, type RecurringChange, type RecurringCaller } from './manage-recurring';
import { listRecurringSupport } from './list-recurring-support';
import { replaceCardSchedule, type ReplaceScheduleDeps } from './replace-card-schedule';

const tags = ['recurring'];
const params = z.object({ id: api.rowIdParam });

/** The app's calls a change needs. */
function manageDeps(app: FastifyInstance): { manage: ManageDeps; replace: ReplaceScheduleDeps } {
  return {
    manage: { db: app.db, cardGateway: app.cardPayments.gateway, walletGateway: app.walletPay.gateway },
    replace: { db: app.db, gateway: app.cardPayments.gateway, log: app.log.child({ feature: 'recurring-support' }) },
  };
}

/**
 * The five changes under `prefix`/{id}/…/ for whoever `callerOf` finds (a signed-in supporter, or a
 * guest by their session): each applies the change, replaces the card schedule now when it can (the
 * queued job otherwise: the supporter's change is kept whatever the provider says), and answers the
 * donation as it now stands.
 */
export function registerChangeRoutes(
  app: FastifyInstance,
  options: { prefix: string; preHandler?: FastifyInstance['requireUser']; callerOf: (request: FastifyRequest) => Promise<RecurringCaller> },
) {
  const { manage, replace } = manageDeps(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  async function apply(request: FastifyRequest, id: number, change: RecurringChange, lang: 'ja' | 'en') {
    const caller = await options.callerOf(request);
    const { scheduleChange } = await changeRecurring(manage, id, caller, change);
    if (scheduleChange) {
      await replaceCardSchedule(replace, id).catch((error: unknown) =>
        replace.log.warn({ recurringDonationId: id, err: error }, 'card schedule replacement left to its job'),
      );
    }
    const { results } = await listRecurringSupport(app.db, { ids: [id] }, lang);
    return results[0]!;
  }
  const route = (path: string, summary: string) => ({
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    schema: { tags, summary, params, response: { 200: api.recurringSupportItem, ...errorResponses(400, 401, 404, 409, 502) } },
    url: `${options.prefix}/:id/${path}/`,
  });
  const post = <B extends z.ZodTypeAny>(path: string, summary: string, body: B, toChange: (body: z.infer<B>) => RecurringChange) => {
    const { url, schema, ...rest } = route(path, summary);
    routes.post(url, { ...rest, schema: { ...schema, body } }, (request) =>
      apply(request, request.params.id, toChange(request.body as z.infer<B>), (request.body as { lang: 'ja' | 'en' }).lang),
    );
  };
  post(
    'stop',
    'Stop a recurring donation (the provider charges nothing more), with an optional reason for the organisation',
    api.stopRecurringBody,
    (body) => ({ kind: 'stop', reason: body.reason?.trim() || null }),
  );
  post('amount', 'Change the monthly amount from the next charge that has not come yet', api.changeAmountBody, (body) => ({
    kind: 'amount',
    amount: body.amount,
  }));
  post('pause', 'Pause a monthly donation for 1–3 charges; it resumes by itself', api.pauseRecurringBody, (body) => ({
    kind: 'pause',
    months: body.months,
  }));
  post('skip', 'Leave out the next charge of a monthly donation', api.langBody, () => ({ kind: 'skip' }));
  post('resume', 'End a pause now: the next charge day after today is charged', api.langBody, () => ({ kind: 'resume' }));
}

export const recurringSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get(
    '/user/my_page/recurring_donation/associate/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in supporter's recurring donations with their terms, state, what may be changed and their latest charges",
        querystring: api.langQuery,
        response: { 200: api.recurringSupportList, ...errorResponses(400, 401) },
      },
    },
    (request) => listRecurringSupport(app.db, { userId: request.userId! }, request.query.lang),
  );

  registerChangeRoutes(app, {
    prefix: '/donation/recurring',
    preHandler: app.requireUser,
    callerOf: async (request) => ({ kind: 'supporter', userId: request.userId! }),
  });
};
