// The console's public-support test tracker (ADR 071): every member reads it; owners and staff
// (`manage`) enter the income of a fiscal year and mark officers and households. Never cached.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import { requireAssociateRole } from './console-access';
import { markPstPerson, publicSupportTestOf, savePstIncome } from './public-support-test';

const tags = ['associate console'];

export const publicSupportTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/associate/:uid/console/public-support-test/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "Both standards of the public-support test for the current assessment period, each year's donors and why they count or not",
        params: api.associateUidParams,
        querystring: api.publicSupportTestQuery,
        response: { 200: api.publicSupportTest, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return publicSupportTestOf(app.db, caller.associate.id, request.query.lang);
    },
  );

  app.put(
    '/associate/:uid/console/public-support-test/incomes/:fiscalYear/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "A fiscal year's ordinary income, government grants and asset sales, for the relative standard",
        params: api.pstIncomeParams,
        body: api.pstIncomeBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      await savePstIncome(app.db, caller.associate.id, request.params.fiscalYear, request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/associate/:uid/console/public-support-test/people/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Marks a donor of the associate an officer or a member of a household (neither: the mark is removed)',
        params: api.associateUidParams,
        body: api.pstPersonBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      await markPstPerson(app.db, caller.associate.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
