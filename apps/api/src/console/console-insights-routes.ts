// The console overview's charts (ADR 076): one read, every series at once. Every member reads it,
// viewers included: counts and sums name nobody.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../lib/error-responses';
import { requireAssociateRole } from './console-access';
import { consoleInsights } from './console-insights';

export const consoleInsightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/associate/:uid/console/insights/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['associate console'],
        summary:
          'The overview charts: gifts per day, week or month, by method and kind, MRR, new and returning supporters, monthly cohorts, campaign progress',
        params: api.associateUidParams,
        querystring: api.consoleInsightsQuery,
        response: { 200: api.consoleInsights, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return consoleInsights(app.db, caller.associate.id, request.query);
    },
  );
};
