// The console's campaigns by supporters (ADR 069): every member reads the list; owners and staff
// (`manage`) approve or decline. A campaign of another associate, or one its fundraiser never
// asked about, is 404 here.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import { approveCampaign, declineCampaign, listConsoleCampaigns } from './console-campaigns';
import { requireAssociateRole } from './console-access';

const tags = ['associate console'];

export const consoleCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/associate/:uid/console/campaigns/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Supporters' campaigns for the associate that asked for its approval: waiting first, then the decided",
        params: api.associateUidParams,
        querystring: api.consoleCampaignsQuery,
        response: { 200: api.consoleCampaigns, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'read');
      return listConsoleCampaigns(app.db, caller.associate.id, request.query);
    },
  );

  app.post(
    '/associate/:uid/console/campaigns/:campaignId/approve/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          'Approves a waiting campaign: public at once if it meets every release check (409 lists the unmet); the fundraiser is mailed',
        params: api.consoleCampaignParams,
        body: api.langQuery.optional(),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      await approveCampaign(app.db, app.mailLinks, caller, request.params.campaignId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/associate/:uid/console/campaigns/:campaignId/decline/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Declines a waiting campaign with a reason mailed to the fundraiser; it stays private and may be asked again',
        params: api.consoleCampaignParams,
        body: api.declineCampaignBody,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await requireAssociateRole(app.db, request.params.uid, request.userId!, 'manage');
      await declineCampaign(app.db, app.mailLinks, caller, request.params.campaignId, request.body);
      return reply.status(204).send(null);
    },
  );
};
