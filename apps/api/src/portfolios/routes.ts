// Portfolio calls of spec §7, paths exactly as written there.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { getPortfolio } from './get-portfolio';
import { listPortfolios } from './list-portfolios';

const tags = ['portfolios'];

export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/portfolio/',
    {
      schema: {
        tags,
        summary: 'List published portfolios',
        querystring: api.portfolioListQuery,
        response: { 200: api.portfolioList, ...errorResponses(400) },
      },
    },
    (request) => listPortfolios(app.db, request.query, app.mediaUrl),
  );

  app.get(
    '/portfolio/:id/',
    {
      schema: {
        tags,
        summary: 'One published portfolio with the associates and shares of its current revision',
        params: z.object({ id: api.rowIdParam }),
        querystring: api.langQuery,
        response: { 200: api.portfolioDetail, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const portfolio = await getPortfolio(app.db, request.params.id, request.query.lang, app.mediaUrl);
      if (!portfolio) throw new AppError('not_found', `portfolio ${request.params.id} not found`);
      return portfolio;
    },
  );
};
