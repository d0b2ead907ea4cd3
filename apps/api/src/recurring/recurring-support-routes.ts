// Recurring support calls (issue 14; spec §7 /user/my_page/recurring_donation/associate/ and
// /donation/recurring/{id}/stop/): the signed-in supporter's list, and stop, change of amount, pause,
// skip and resume of their own recurring donations. Another supporter's is the 404 of one that does
// not exist; anonymous callers get 401. Each change answers the donation as it now stands.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import { changeRecurring, type ManageDeps, type RecurringChange, type RecurringCaller } from './manage-recurring';
import { listRecurringSupport } from './list-recurring-support';
import { replaceCardSchedule, type ReplaceScheduleDeps } from './replace-card-schedule';

const tags = ['recurring'];
const params = z.object({ id: api.rowIdParam });

export const recurringSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });
  const deps: ManageDeps = { db: app.db, cardGateway: app.cardPayments.gateway, walletGateway: app.walletPay.gateway };
  const replaceDeps: ReplaceScheduleDeps = {
    db: app.db,
    gateway: app.cardPayments.gateway,
    log: app.log.child({ feature: 'recurring-support' }),
  };

  /** Applies a change for the signed-in caller, replaces the card schedule now when it can (the queued job otherwise), and answers the donation. */
  async function apply(userId: number, id: number, change: RecurringChange, lang: 'ja' | 'en') {
    const caller: RecurringCaller = { kind: 'supporter', userId };
    const { scheduleChange } = await changeRecurring(deps, id, caller, change);
    if (scheduleChange) {
      // The queued job retries whatever the provider refuses now; the supporter's change is already kept.
      await replaceCardSchedule(replaceDeps, id).catch((error: unknown) =>
        replaceDeps.log.warn({ recurringDonationId: id, err: error }, 'card schedule replacement left to its job'),
      );
    }
    const { results } = await listRecurringSupport(app.db, { ids: [id] }, lang);
    return results[0]!;
  }

  const changeRoute = { preHandler: app.requireUser };
  const answers = { 200: api.recurringSupportItem, ...errorResponses(400, 401, 404, 409, 502) };

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

  app.post(
    '/donation/recurring/:id/stop/',
    {
      ...changeRoute,
      schema: {
        tags,
        summary: 'Stop a recurring donation (the provider charges nothing more), with an optional reason for the organisation',
        params,
        body: api.stopRecurringBody,
        response: answers,
      },
    },
    (request) =>
      apply(request.userId!, request.params.id, { kind: 'stop', reason: request.body.reason?.trim() || null }, request.body.lang),
  );

  app.post(
    '/donation/recurring/:id/amount/',
    {
      ...changeRoute,
      schema: {
        tags,
        summary: 'Change the monthly amount from the next charge that has not come yet',
        params,
        body: api.changeAmountBody,
        response: answers,
      },
    },
    (request) => apply(request.userId!, request.params.id, { kind: 'amount', amount: request.body.amount }, request.body.lang),
  );

  app.post(
    '/donation/recurring/:id/pause/',
    {
      ...changeRoute,
      schema: {
        tags,
        summary: 'Pause a monthly donation for 1–3 charges; it resumes by itself',
        params,
        body: api.pauseRecurringBody,
        response: answers,
      },
    },
    (request) => apply(request.userId!, request.params.id, { kind: 'pause', months: request.body.months }, request.body.lang),
  );

  app.post(
    '/donation/recurring/:id/skip/',
    {
      ...changeRoute,
      schema: { tags, summary: 'Leave out the next charge of a monthly donation', params, body: api.langBody, response: answers },
    },
    (request) => apply(request.userId!, request.params.id, { kind: 'skip' }, request.body.lang),
  );

  app.post(
    '/donation/recurring/:id/resume/',
    {
      ...changeRoute,
      schema: {
        tags,
        summary: 'End a pause now: the next charge day after today is charged',
        params,
        body: api.langBody,
        response: answers,
      },
    },
    (request) => apply(request.userId!, request.params.id, { kind: 'resume' }, request.body.lang),
  );
};
