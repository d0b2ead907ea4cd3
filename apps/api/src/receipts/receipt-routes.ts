// Receipt calls (ADR 033, spec §7): a gift's receipt PDF, an associate's combined receipt for a
// year, the yearly and monthly receipt ZIPs, and the tax summary with its PDF and pack. Only the
// gift's own supporter may have a receipt, or a guest holding the signed link from the thank-you
// mail; everyone else gets the same 404 as for a gift that does not exist, so ids cannot be probed.
import { api, RECEIPT_ERRORS, type Locale } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { associates, donations, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { sendFile } from '../lib/send-file';
import { DOCUMENTS_PER_CLIENT } from '../plugins/rate-limit';
import { drawReceipt } from './draw-receipt';
import { drawTaxSummary } from './draw-tax-summary';
import { issueCombinedReceipt, issueGiftReceipt, type IssuedReceipt } from './issue-receipt';
import { bundleBytes, bundleFileName, bundleView, ownBundle, requestBundle } from './receipt-bundles';
import { receiptDocument, supporterName } from './receipt-for-document';
import { isValidReceiptLink } from './receipt-links';
import { taxSummary } from './tax-summary';

const tags = ['receipts'];
const documentLimits = { attemptLimits: [DOCUMENTS_PER_CLIENT] };
/**
 * A receipt answered here counts as handed to the donor (ADR 057): Fastify's automatic HEAD route
 * would run the handler, and count a receipt nobody received, so these documents answer GET only.
 */
const receiptRoute = { config: documentLimits, exposeHeadRoute: false };
const pdf = z.string().describe('application/pdf');
const zip = z.string().describe('application/zip');
const YEAR_KINDS = ['year', 'tax_pack'] as const;
const MONTHLY_KINDS = ['monthly'] as const;

/** Route options with the body schema added, typed for the handler. */
function withBody<O extends { schema: object }, B extends z.ZodTypeAny>(options: O, body: B) {
  return { ...options, schema: { ...options.schema, body } };
}

export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  /** The language a supporter reads: asked for, else the account's, else the gift's. */
  async function englishFor(userId: number | undefined, asked: Locale | undefined, giftInEnglish: boolean): Promise<boolean> {
    if (asked) return asked === 'en';
    if (userId === undefined) return giftInEnglish;
    const [user] = await app.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
    return user?.locale === 'en';
  }

  const sendReceipt = async (reply: FastifyReply, issued: IssuedReceipt, english: boolean) =>
    sendFile(
      reply,
      await drawReceipt(await receiptDocument(app.db, app.fileStorage, issued, english)),
      'application/pdf',
      `receipt-${issued.receipt.number}.pdf`,
    );

  app.get(
    '/donation/:id/receipt-pdf/',
    {
      ...receiptRoute,
      schema: {
        tags,
        summary: "A gift's receipt (寄附金受領証明書) as a PDF: its supporter's, or a guest's with the signed link from the thank-you mail",
        params: api.donationIdParams,
        querystring: api.receiptLinkQuery,
        response: { 200: pdf, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, signature, lang } = request.query;
      const [gift] = await app.db
        .select({ userId: donations.userId, inEnglish: donations.inEnglish })
        .from(donations)
        .where(eq(donations.id, id))
        .limit(1);
      const notFound = new AppError('not_found', RECEIPT_ERRORS.notFound.en);
      if (signature !== undefined || expires !== undefined) {
        if (!gift || !isValidReceiptLink(app.config.RECEIPT_LINK_SECRET, id, { expires: expires ?? 0, signature: signature ?? '' }))
          throw new AppError('forbidden', RECEIPT_ERRORS.linkExpired.en);
      } else {
        if (request.userId === undefined) throw new AppError('unauthorized', 'sign in, or open the receipt link from the thank-you mail');
        if (!gift || gift.userId !== request.userId) throw notFound;
      }
      const issued = await issueGiftReceipt(app.db, id, { handOut: true });
      return sendReceipt(reply, issued, await englishFor(request.userId, lang, gift!.inEnglish));
    },
  );

  app.get(
    '/donation/combined-receipt-pdf/:uid/:year/',
    {
      preHandler: app.requireUser,
      ...receiptRoute,
      schema: {
        tags,
        summary: "The signed-in supporter's combined receipt (合算) for one associate and calendar year",
        params: z.object({
          uid: z
            .string()
            .min(1)
            .max(64)
            .regex(/^[\w-]+$/),
          year: api.receiptYear,
        }),
        querystring: api.langQuery.partial(),
        response: { 200: pdf, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const [associate] = await app.db
        .select({ id: associates.id })
        .from(associates)
        .where(eq(associates.uid, request.params.uid))
        .limit(1);
      if (!associate) throw new AppError('not_found', RECEIPT_ERRORS.nothingForYear.en);
      const issued = await issueCombinedReceipt(
        app.db,
        { userId: request.userId!, associateId: associate.id, year: request.params.year },
        { handOut: true },
      );
      return sendReceipt(reply, issued, await englishFor(request.userId, request.query.lang, false));
    },
  );

  const bundleRoutes = (prefix: string, kinds: readonly ('year' | 'monthly' | 'tax_pack')[]) => {
    app.get(
      `${prefix}/:id/`,
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Where a receipt ZIP stands: pending, ready (to download) or failed',
          params: api.donationIdParams,
          response: { 200: api.receiptBundle, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => bundleView(await ownBundle(app.db, request.userId!, request.params.id, kinds)),
    );
    app.get(
      `${prefix}/:id/download/`,
      {
        preHandler: app.requireUser,
        config: documentLimits,
        schema: {
          tags,
          summary: 'The receipt ZIP, once ready (409 while it is being made)',
          params: api.donationIdParams,
          response: { 200: zip, ...errorResponses(400, 401, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const bundle = await ownBundle(app.db, request.userId!, request.params.id, kinds);
        return sendFile(reply, await bundleBytes(app.fileStorage, bundle), 'application/zip', bundleFileName(bundle));
      },
    );
  };

  /** A ZIP is asked for by the signed-in supporter, made by a job, and answered 202 with where it stands. */
  const bundleRequest = (summary: string) => ({
    preHandler: app.requireUser,
    config: documentLimits,
    schema: { tags, summary, response: { 202: api.receiptBundle, ...errorResponses(400, 401, 404, 429) } },
  });
  const answerBundle = async (reply: FastifyReply, input: Parameters<typeof requestBundle>[1]) =>
    reply.code(202).send(bundleView(await requestBundle(app.db, input)));

  app.post(
    '/donation/receipt-zip-file/',
    withBody(
      bundleRequest("Make a ZIP of every receipt of the signed-in supporter's gifts received in a year (a job; poll its status)"),
      api.yearBundleRequest,
    ),
    (request, reply) => answerBundle(reply, { userId: request.userId!, kind: 'year', year: request.body.year, locale: request.body.lang }),
  );
  bundleRoutes('/donation/receipt-zip-file', YEAR_KINDS);

  app.post(
    '/donation/monthly-receipt-zip-file/',
    withBody(bundleRequest("Make a ZIP of one recurring donation's receipts of a year (a job; poll its status)"), api.monthlyBundleRequest),
    (request, reply) => {
      const { year, lang, recurring_donation_id } = request.body;
      return answerBundle(reply, {
        userId: request.userId!,
        kind: 'monthly',
        year,
        recurringDonationId: recurring_donation_id,
        locale: lang,
      });
    },
  );
  bundleRoutes('/donation/monthly-receipt-zip-file', MONTHLY_KINDS);

  app.get(
    '/user/my_page/tax-summary/:year/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in supporter's gifts received in a year, with totals by legal type and tax eligibility",
        params: z.object({ year: api.receiptYear }),
        querystring: api.langQuery,
        response: { 200: api.taxSummary, ...errorResponses(400, 401) },
      },
    },
    (request) => taxSummary(app.db, request.userId!, request.params.year, request.query.lang, app.mediaUrl),
  );

  app.get(
    '/user/my_page/tax-summary/:year/pdf/',
    {
      preHandler: app.requireUser,
      config: documentLimits,
      schema: {
        tags,
        summary: 'The tax summary of a year as a PDF',
        params: z.object({ year: api.receiptYear }),
        querystring: api.langQuery,
        response: { 200: pdf, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { year } = request.params;
      const summary = await taxSummary(app.db, request.userId!, year, request.query.lang, app.mediaUrl);
      const donorName = await supporterName(app.db, request.userId!);
      return sendFile(reply, await drawTaxSummary(summary, donorName, request.query.lang), 'application/pdf', `tax-summary-${year}.pdf`);
    },
  );

  app.post(
    '/user/my_page/tax-summary/pack/',
    withBody(
      bundleRequest(
        "Make the year's tax pack: the summary PDF and each associate's combined receipt in one ZIP (a job; fetched like a receipt ZIP)",
      ),
      api.yearBundleRequest,
    ),
    (request, reply) =>
      answerBundle(reply, { userId: request.userId!, kind: 'tax_pack', year: request.body.year, locale: request.body.lang }),
  );
};
