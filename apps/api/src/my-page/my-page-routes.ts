// My page calls (spec §7 /user/my_page/ and /user/my_page/donation/associate/, ADR 033): the
// signed-in supporter's own summary, support history and totals per organisation. Each reads only
// the caller's rows; there is no id to ask for someone else's.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import { associateTotals } from './associate-totals';
import { myPageHome } from './my-page-home';
import { myPageSummary } from './my-page-summary';
import { supportHistory } from './support-history';

const tags = ['my page'];

export const myPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get(
    '/user/my_page/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'What the signed-in supporter has given: totals, this year, organisations, recurring support and the latest gifts',
        querystring: api.langQuery,
        response: { 200: api.myPageSummary, ...errorResponses(400, 401) },
      },
    },
    (request) => myPageSummary(app.db, request.userId!, request.query.lang, app.mediaUrl),
  );

  app.get(
    '/user/my_page/home/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "What the home of the signed-in supporter's page asks them to look at: failing recurring support, awaited bank transfers, this year's total that qualifies for tax relief",
        querystring: api.langQuery,
        response: { 200: api.myPageHome, ...errorResponses(400, 401) },
      },
    },
    (request) => myPageHome(app.db, request.userId!, request.query.lang, app.mediaUrl),
  );

  app.get(
    '/user/my_page/donation/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The support history: every gift, newest first, optionally of one year (the year received, or given while not received)',
        querystring: api.historyQuery,
        response: { 200: api.supportHistory, ...errorResponses(400, 401) },
      },
    },
    (request) => supportHistory(app.db, request.userId!, request.query, app.mediaUrl),
  );

  app.get(
    '/user/my_page/donation/associate/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Totals of received gifts per organisation, largest first',
        querystring: api.langQuery,
        response: { 200: z.array(api.associateTotal), ...errorResponses(400, 401) },
      },
    },
    (request) => associateTotals(app.db, request.userId!, request.query.lang, app.mediaUrl),
  );
};
