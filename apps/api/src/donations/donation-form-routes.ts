// The donation form's own calls of spec §7 around a submission, whatever the payment method:
// the duplicate-gift check, the status poll after 3-D Secure (which settles a card charge still
// authorizing), the form kept across 3-D Secure, and the submission log.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { checkDuplication } from './check-duplication';
import { accessibleDonation } from './donation-access';
import { DONATION_CHECK_RATE_LIMIT, DONATION_READ_RATE_LIMIT, donationTags as tags } from './donation-route-options';
import { perCallerLimit } from '../plugins/rate-limit';
import { findDonationSession, saveDonationFormState } from './donation-session';
import { getDonationStatus, type DonationStatusDeps } from './get-donation-status';
import { logDonationSubmission } from './log-donation-submission';

const donationParams = z.object({ id: api.rowIdParam });

export const donationFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const statusDeps: DonationStatusDeps = { db: app.db, log: app.log, refreshCardCharge: app.cardPayments.refresh };

  app.post(
    '/donation/check-duplication/',
    {
      config: perCallerLimit(DONATION_CHECK_RATE_LIMIT),
      schema: {
        tags,
        summary: 'Whether this email gave to this associate (or portfolio) in the last 10 minutes',
        body: api.checkDuplicationRequest,
        response: { 200: api.checkDuplicationResponse, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { associate_id: associateId, portfolio_id: portfolioId, email } = request.body;
      const target = portfolioId !== undefined ? { portfolioId } : { associateId: associateId! };
      return { possible_duplication: await checkDuplication(app.db, { ...target, email }) };
    },
  );

  app.get(
    '/donation/:id/status/',
    {
      config: perCallerLimit(DONATION_READ_RATE_LIMIT),
      schema: {
        tags,
        summary: "A donation's payment result; settles a card charge back from 3-D Secure. Guests pass donation_token",
        params: donationParams,
        querystring: api.donationAccessQuery,
        response: { 200: api.donationStatusResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const donation = await accessibleDonation(app.db, request.params.id, { userId: request.userId, token: request.query.donation_token });
      return getDonationStatus(statusDeps, donation);
    },
  );

  app.put(
    '/donation/:id/form-state/',
    {
      config: perCallerLimit(DONATION_READ_RATE_LIMIT),
      schema: {
        tags,
        summary: 'Save the donation form (opaque, never card data) to restore after 3-D Secure; kept 24 h',
        params: donationParams,
        querystring: api.donationAccessQuery,
        body: api.formStateBody,
        response: { 204: z.null().describe('Saved'), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await accessibleDonation(app.db, request.params.id, { userId: request.userId, token: request.query.donation_token });
      if (!(await saveDonationFormState(app.db, request.params.id, request.body.form_state))) {
        throw new AppError('not_found', `donation ${request.params.id} has no form state`);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/donation/:id/form-state/',
    {
      config: perCallerLimit(DONATION_READ_RATE_LIMIT),
      schema: {
        tags,
        summary: 'The saved donation form, while it is kept',
        params: donationParams,
        querystring: api.donationAccessQuery,
        response: { 200: api.formStateBody, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await accessibleDonation(app.db, request.params.id, { userId: request.userId, token: request.query.donation_token });
      const session = await findDonationSession(app.db, request.params.id);
      if (!session || session.state === '') throw new AppError('not_found', `donation ${request.params.id} has no saved form state`);
      return { form_state: session.state };
    },
  );

  app.post(
    '/donation/submission-log/',
    {
      config: perCallerLimit(60),
      schema: {
        tags,
        summary: 'Log one donation submission and its outcome (spec §3 "Donation submission log")',
        body: api.donationSubmissionLogRequest,
        response: { 204: z.null().describe('Logged'), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await logDonationSubmission(app.db, request.body, request.userId);
      return reply.code(204).send(null);
    },
  );
};
