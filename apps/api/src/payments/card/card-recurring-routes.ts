// GET /donation/recurring/my_donation/count-card-active/ (spec §7 "Fetch active recurring donations
// for the card (user's token)"): what the donation form asks before a signed-in supporter pays with
// a new card (spec §4 step 4), to offer moving that support to it (POST /payment/credit
// move_recurring). Personal data: never cached by a shared cache.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { listCardRecurringDonations } from './list-card-recurring-donations';

export const cardRecurringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/donation/recurring/my_donation/count-card-active/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: "The signed-in user's active recurring support charged to their saved card",
        querystring: api.langQuery,
        response: { 200: api.cardRecurringDonationsResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listCardRecurringDonations(app.db, request.userId!, request.query.lang);
    },
  );
};
