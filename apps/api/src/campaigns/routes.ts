// Campaign calls of spec §7 (read side), paths exactly as written there.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { getCampaign } from './get-campaign';
import { listCampaigns } from './list-campaigns';

const tags = ['campaigns'];

export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/campaign/',
    { schema: { tags, summary: 'List released campaigns', querystring: api.campaignListQuery, response: { 200: api.campaignList, ...errorResponses(400) } } },
    (request) => listCampaigns(app.db, request.query, app.mediaUrl),
  );

  app.get(
    '/campaign/:id/',
    {
      schema: {
        tags,
        summary: 'One released campaign with rewards, usages, reports and messages',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: api.langQuery,
        response: { 200: api.campaignDetail, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const campaign = await getCampaign(app.db, request.params.id, request.query.lang, app.mediaUrl);
      if (!campaign) throw new AppError('not_found', `campaign ${request.params.id} not found`);
      return campaign;
    },
  );
};
