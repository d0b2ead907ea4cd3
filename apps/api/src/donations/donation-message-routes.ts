// The completion screen's message (donation-messages.ts). Not money-moving: no idempotency key; a
// repeated POST updates the same message.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { accessibleDonation } from './donation-access';
import { donationMessageView, findDonationMessage, updateDonationMessage, writeDonationMessage } from './donation-messages';
import { DONATION_CHECK_RATE_LIMIT, DONATION_READ_RATE_LIMIT, donationTags as tags } from './donation-route-options';
import { perCallerLimit } from '../plugins/rate-limit';

export const donationMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const messageParams = z.object({ id: api.rowIdParam });
  const messageErrors = errorResponses(400, 404, 422, 429);
  app.post(
    '/donation/donation-message/',
    {
      config: perCallerLimit(DONATION_CHECK_RATE_LIMIT),
      schema: {
        tags,
        summary:
          "Send the message to the gift's campaign or associate (paid gifts; bank transfers once issued); again updates it. Guests pass donation_token",
        querystring: api.donationAccessQuery,
        body: api.donationMessageCreate,
        response: { 200: api.donationMessageView, ...messageErrors },
      },
    },
    async (request) => {
      const donation = await accessibleDonation(app.db, request.body.donation_id, {
        userId: request.userId,
        token: request.query.donation_token,
      });
      return donationMessageView(await writeDonationMessage(app.db, donation, request.body));
    },
  );

  /** The message and its donation, when the caller may read that donation; 404 otherwise. */
  async function accessibleMessage(id: number, caller: { userId: number | undefined; token: string | undefined }) {
    const notFound = new AppError('not_found', `donation message ${id} not found`);
    const message = await findDonationMessage(app.db, id);
    if (!message?.donationId) throw notFound;
    const donation = await accessibleDonation(app.db, message.donationId, caller).catch(() => {
      throw notFound;
    });
    return { message, donation };
  }

  app.get(
    '/donation/donation-message/:id/',
    {
      config: perCallerLimit(DONATION_READ_RATE_LIMIT),
      schema: {
        tags,
        summary: 'Read back the message, for its writer',
        params: messageParams,
        querystring: api.donationAccessQuery,
        response: { 200: api.donationMessageView, ...messageErrors },
      },
    },
    async (request) =>
      donationMessageView(
        (await accessibleMessage(request.params.id, { userId: request.userId, token: request.query.donation_token })).message,
      ),
  );

  app.patch(
    '/donation/donation-message/:id/',
    {
      config: perCallerLimit(DONATION_CHECK_RATE_LIMIT),
      schema: {
        tags,
        summary: 'Update the message: its text, the hide-name option or the name shown',
        params: messageParams,
        querystring: api.donationAccessQuery,
        body: api.donationMessageUpdate,
        response: { 200: api.donationMessageView, ...messageErrors },
      },
    },
    async (request) => {
      const { message, donation } = await accessibleMessage(request.params.id, {
        userId: request.userId,
        token: request.query.donation_token,
      });
      return donationMessageView(await updateDonationMessage(app.db, donation, message.id, request.body));
    },
  );
};
