// Donation calls of spec §7, paths exactly as written there (trailing slashes included). The
// money-moving POSTs need an Idempotency-Key (lib/idempotency.ts) and pass the bot check (spec §4
// step 5) after the replay check; every route is rate limited per account, or per address for
// guests; the card routes also count card attempts per address and per email (card testing).
// Bodies are the wire contract of packages/domain api/donation.ts.
import { api } from '@kifu/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../lib/error-responses';
import { CARD_ATTEMPT_LIMITS, type AttemptLimit } from '../plugins/rate-limit';
import { idempotencyKeyHeaders, idempotentRoute, registerIdempotency } from '../lib/idempotency';
import { requireBotCheck } from '../providers/botcheck/require-bot-check';
import { associateSurveyQuestions } from '../associates/get-associate';
import { checkDuplication } from './check-duplication';
import { accessibleDonation } from './donation-access';
import { donationMessageView, findDonationMessage, updateDonationMessage, writeDonationMessage } from './donation-messages';
import { findDonationSession, saveDonationFormState } from './donation-session';
import { getDonationStatus } from './get-donation-status';
import { logDonationSubmission } from './log-donation-submission';
import { startBankTransferDonation } from './start-bank-transfer-donation';
import { answerSurvey } from './survey-answers';
import { startCardDonation } from './start-card-donation';
import { startAnnualCardDonation, startMonthlyCardDonation } from './start-recurring-card-donation';
import { AppError } from '../lib/app-error';
import { createWalletFormState, readWalletFormState } from './wallet-form-state';
import { completeMonthlyWalletDonation, completeSingleWalletDonation, startMonthlyWalletDonation, startSingleWalletDonation } from './start-wallet-donation';

const tags = ['donations'];

/** Behind the web proxy many supporters share one address: signed-in callers are keyed by account. */
const byCaller = (request: FastifyRequest) => (request.userId === undefined ? request.ip : `user:${request.userId}`);
const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute', keyGenerator: byCaller } });

/** Per caller per minute: a few retries of a submission, too few to test stolen cards. */
export const DONATION_SUBMIT_RATE_LIMIT = 10;
/** The form polls the status every few seconds after 3-D Secure. */
export const DONATION_READ_RATE_LIMIT = 120;
export const DONATION_CHECK_RATE_LIMIT = 30;

const donationParams = z.object({ id: api.rowIdParam });
const submitErrors = errorResponses(400, 403, 404, 409, 422, 429, 502, 503);

export const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerIdempotency(app);
  const botCheck = requireBotCheck(app);

  /** A money-moving POST: idempotent, bot-checked, rate limited, answering 200 with `response`. */
  function submitRoute<Body extends z.ZodTypeAny, Response extends z.ZodTypeAny>(
    path: string,
    scope: string,
    summary: string,
    body: Body,
    response: Response,
    start: (app: Parameters<FastifyPluginAsyncZod>[0], request: z.output<Body>, userId: number | undefined) => Promise<z.input<Response>>,
    options: { botChecked?: boolean; attemptLimits?: readonly AttemptLimit[] } = {},
  ) {
    app.post(
      path,
      {
        ...(options.botChecked === false ? idempotentRoute(app, scope) : idempotentRoute(app, scope, botCheck)),
        config: { ...limit(DONATION_SUBMIT_RATE_LIMIT), attemptLimits: options.attemptLimits },
        schema: { tags, summary, headers: idempotencyKeyHeaders, body, response: { 200: response, ...submitErrors } },
      },
      // The generic schema defeats the type provider's inference; `start` is typed against the same
      // schemas and the response serializer still validates every answer at run time.
      (request) => start(app, request.body as z.output<Body>, request.userId) as never,
    );
  }

  submitRoute(
    '/donation/',
    'donation:card',
    'Start a single card donation: records it and starts its 3-D Secure charge',
    api.cardDonationRequest,
    api.cardDonationResponse,
    startCardDonation,
    { attemptLimits: CARD_ATTEMPT_LIMITS },
  );
  submitRoute(
    '/donation/recurring/',
    'donation:recurring',
    'Start a monthly card donation: the first payment now (3-D Secure), a provider schedule once it is paid',
    api.recurringCardDonationRequest,
    api.recurringDonationResponse,
    startMonthlyCardDonation,
    { attemptLimits: CARD_ATTEMPT_LIMITS },
  );
  submitRoute(
    '/donation/recurring/annual/',
    'donation:annual',
    'Start an annual card membership of a plan: the first payment now, then yearly on day 1 of the plan month',
    api.annualCardDonationRequest,
    api.recurringDonationResponse,
    startAnnualCardDonation,
    { attemptLimits: CARD_ATTEMPT_LIMITS },
  );
  submitRoute(
    '/donation/deposit/',
    'donation:deposit',
    'Start a single bank-transfer donation: records it and issues its virtual account',
    api.bankTransferDonationRequest,
    api.bankTransferDonationResponse,
    startBankTransferDonation,
  );

  submitRoute(
    '/donation/wallet-pay/update-checkout-session/',
    'donation:wallet',
    'Start a single wallet pay donation: records it and sets its amount on the checkout session; answers where the buyer approves',
    api.walletPayDonationRequest,
    api.walletPayDonationResponse,
    startSingleWalletDonation,
  );
  submitRoute(
    '/donation/recurring/wallet-pay/update-checkout-session/',
    'donation:wallet-recurring',
    'Start a monthly wallet pay donation (no annual): records it with its recurring donation and sets the monthly amount on the checkout session',
    api.recurringWalletPayDonationRequest,
    api.walletPayDonationResponse,
    startMonthlyWalletDonation,
  );
  // Back from the provider's result page: the checkout session id, which only the buyer who went
  // through it holds, names the donation. The bot check was passed by the update call.
  submitRoute(
    '/donation/wallet-pay/complete-checkout-session/',
    'donation:wallet-complete',
    'Complete the single wallet pay checkout the buyer approved: the donation is paid, or failed/cancelled with a 422',
    api.walletPayCompleteRequest,
    api.walletPayCompleteResponse,
    (app, request) => completeSingleWalletDonation(app, request),
    { botChecked: false },
  );
  submitRoute(
    '/donation/recurring/wallet-pay/complete-checkout-session/',
    'donation:wallet-recurring-complete',
    'Complete the monthly wallet pay checkout: the first payment is paid and the recurring donation active with its charge permission',
    api.walletPayCompleteRequest,
    api.walletPayCompleteResponse,
    (app, request) => completeMonthlyWalletDonation(app, request),
    { botChecked: false },
  );

  app.post(
    '/donation/wallet-pay-form-state/',
    {
      config: limit(DONATION_CHECK_RATE_LIMIT),
      schema: {
        tags,
        summary: 'Keep the donation form (opaque, never card data) across the wallet redirect for 24 h; answers its random key',
        body: api.walletFormStateBody,
        response: { 200: api.walletFormStateCreated, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({ key: await createWalletFormState(app.db, request.body.state) }),
  );

  app.get(
    '/donation/wallet-pay-form-state/:key/',
    {
      config: limit(DONATION_READ_RATE_LIMIT),
      schema: {
        tags,
        summary: 'The donation form kept across the wallet redirect, while it is kept',
        params: z.object({ key: api.walletFormStateKey }),
        response: { 200: api.walletFormStateBody, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const state = await readWalletFormState(app.db, request.params.key);
      if (state === undefined) throw new AppError('not_found', 'no wallet pay form state under this key');
      return { state };
    },
  );

  app.post(
    '/donation/check-duplication/',
    {
      config: limit(DONATION_CHECK_RATE_LIMIT),
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
      config: limit(DONATION_READ_RATE_LIMIT),
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
      return getDonationStatus(app, donation);
    },
  );

  app.put(
    '/donation/:id/form-state/',
    {
      config: limit(DONATION_READ_RATE_LIMIT),
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
      config: limit(DONATION_READ_RATE_LIMIT),
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

  // Survey questions and answers after the fact (survey-answers.ts, ADR 015). Not money-moving: no
  // idempotency key; answering a question again replaces its answer.
  app.get(
    '/donation/survey-question/',
    {
      config: limit(DONATION_READ_RATE_LIMIT),
      schema: {
        tags,
        summary: "The donation survey questions of ?associate_id= (the same list as /associate/{uid}/donation-survey-questions/)",
        querystring: api.surveyQuestionQuery,
        response: { 200: api.surveyQuestionList, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const questions = await associateSurveyQuestions(app.db, { id: request.query.associate_id }, request.query.lang);
      if (!questions) throw new AppError('not_found', `associate ${request.query.associate_id} not found`);
      return questions;
    },
  );

  app.post(
    '/donation/survey-answer/',
    {
      config: limit(DONATION_CHECK_RATE_LIMIT),
      schema: {
        tags,
        summary: "Answer the associate's survey for a gift after the fact (paid gifts; bank transfers once issued); a question answered again is replaced. Guests pass donation_token",
        querystring: api.donationAccessQuery,
        body: api.surveyAnswerCreate,
        response: { 200: api.surveyAnswerView, ...errorResponses(400, 404, 422, 429) },
      },
    },
    async (request) => {
      const donation = await accessibleDonation(app.db, request.body.donation_id, { userId: request.userId, token: request.query.donation_token });
      return answerSurvey(app.db, donation, request.body.survey_answers);
    },
  );

  // The completion screen's message (donation-messages.ts). Not money-moving: no idempotency key; a
  // repeated POST updates the same message.
  const messageParams = z.object({ id: api.rowIdParam });
  const messageErrors = errorResponses(400, 404, 422, 429);
  app.post(
    '/donation/donation-message/',
    {
      config: limit(DONATION_CHECK_RATE_LIMIT),
      schema: {
        tags,
        summary: "Send the message to the gift's campaign or associate (paid gifts; bank transfers once issued); again updates it. Guests pass donation_token",
        querystring: api.donationAccessQuery,
        body: api.donationMessageCreate,
        response: { 200: api.donationMessageView, ...messageErrors },
      },
    },
    async (request) => {
      const donation = await accessibleDonation(app.db, request.body.donation_id, { userId: request.userId, token: request.query.donation_token });
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
      config: limit(DONATION_READ_RATE_LIMIT),
      schema: { tags, summary: 'Read back the message, for its writer', params: messageParams, querystring: api.donationAccessQuery, response: { 200: api.donationMessageView, ...messageErrors } },
    },
    async (request) => donationMessageView((await accessibleMessage(request.params.id, { userId: request.userId, token: request.query.donation_token })).message),
  );

  app.patch(
    '/donation/donation-message/:id/',
    {
      config: limit(DONATION_CHECK_RATE_LIMIT),
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
      const { message, donation } = await accessibleMessage(request.params.id, { userId: request.userId, token: request.query.donation_token });
      return donationMessageView(await updateDonationMessage(app.db, donation, message.id, request.body));
    },
  );

  app.post(
    '/donation/submission-log/',
    {
      config: limit(60),
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
