// Recurring support for guests (ADR 034, spec §2 /auth/application/edit-recurring-donations and
// /credit, §6): ask for the mailed link, open a guest session with it (an httpOnly cookie of an
// hour), then list and change the recurring donations given as a guest with that email, and put
// them on a new card — the card a guest made with /payment/non-member-credit for the same email,
// proved by its customer handle. Everything else about them is the supporter's page's.
import { api, requiredEmailSchema } from '@kifu/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recurringDonationChanges, recurringDonations } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { errorResponses } from '../lib/error-responses';
import { isGuestCustomerHandleValid } from '../payments/card/guest-customer-handle';
import type { AttemptLimit } from '../plugins/rate-limit';
import { CARD_PAYMENT_PROVIDER } from '../providers/card/card-gateway';
import {
  GUEST_SESSION_COOKIE,
  GUEST_SESSION_MINUTES,
  guestRecurringIds,
  guestSessionEmail,
  openGuestSession,
  requestGuestAccess,
} from './guest-access';
import { listRecurringSupport } from './list-recurring-support';
import { reactivateSuspended } from './reactivate-recurring';
import { registerChangeRoutes } from './recurring-support-routes';
import { enqueueScheduleReplacement } from './replace-card-schedule';

const tags = ['recurring'];
const TEN_MINUTES = 10 * 60_000;

/** Asking for links: a person retrying, not a script testing which addresses give. */
const LINKS_PER_ADDRESS: AttemptLimit = {
  name: 'recurring-link:address',
  max: 10,
  timeWindowMs: TEN_MINUTES,
  key: (request) => request.ip,
};
/** Mails to one address per hour. */
const LINKS_PER_EMAIL: AttemptLimit = {
  name: 'recurring-link:email',
  max: 5,
  timeWindowMs: 60 * 60_000,
  key: (request) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
  },
};
/** Codes are 256 bits: this only keeps a script from hammering the table. */
const SESSIONS_PER_ADDRESS: AttemptLimit = {
  name: 'recurring-session:address',
  max: 20,
  timeWindowMs: TEN_MINUTES,
  key: (request) => request.ip,
};

export const guestRecurringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });
  const secure = app.config.KIFU_ENV === 'production';
  const sessionEmail = (request: FastifyRequest) => guestSessionEmail(app.db, request.cookies?.[GUEST_SESSION_COOKIE]);

  app.post(
    '/auth/application/edit-recurring-donations/',
    {
      config: { attemptLimits: [LINKS_PER_ADDRESS, LINKS_PER_EMAIL] },
      schema: {
        tags,
        summary: 'Mail a guest the link to manage their recurring support; the answer is the same whether or not the email gives',
        body: z.object({ email: requiredEmailSchema, lang: api.langQuery.shape.lang }),
        response: { 202: z.object({ accepted: z.literal(true) }), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await requestGuestAccess(app.db, app.mailLinks, request.body);
      return reply.code(202).send({ accepted: true });
    },
  );

  app.post(
    '/auth/application/edit-recurring-donations/session/',
    {
      config: { attemptLimits: [SESSIONS_PER_ADDRESS] },
      schema: {
        tags,
        summary: 'Open a guest session with the code of the mailed link (single use): sets the recurring_guest cookie',
        body: z.object({ code: z.string().min(1).max(128) }),
        response: { 200: z.object({ expires_at: z.string() }), ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const { token, expiresAt } = await openGuestSession(app.db, request.body.code);
      reply.setCookie(GUEST_SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: GUEST_SESSION_MINUTES * 60,
      });
      return { expires_at: expiresAt.toISOString() };
    },
  );

  app.get(
    '/auth/application/recurring-donations/',
    {
      schema: {
        tags,
        summary: "A guest's recurring donations (by the session's email), as the supporter's list shows them",
        querystring: api.langQuery,
        response: { 200: api.recurringSupportList, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      listRecurringSupport(app.db, { ids: await guestRecurringIds(app.db, await sessionEmail(request)) }, request.query.lang),
  );

  registerChangeRoutes(app, {
    prefix: '/auth/application/recurring-donations',
    callerOf: async (request) => ({ kind: 'guest', recurringDonationIds: await guestRecurringIds(app.db, await sessionEmail(request)) }),
  });

  app.post(
    '/auth/application/recurring-donations/card/',
    {
      schema: {
        tags,
        summary:
          "Put a guest's card recurring donations on the card they just registered (/payment/non-member-credit for the session's email); suspended ones go on",
        body: z.object({ customer_id: z.string().min(1).max(64), customer_handle: z.string().min(1).max(256) }),
        response: { 200: z.object({ count: z.number().int() }), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const email = await sessionEmail(request);
      const { customer_id: customerId, customer_handle: handle } = request.body;
      if (!isGuestCustomerHandleValid(app.config.CARD_SECRET_KEY, handle, { customerId, email }))
        throw new AppError('forbidden', 'this card was not registered for this email');
      const ids = await guestRecurringIds(app.db, email);
      const now = new Date();
      const moved = await app.db.transaction(async (tx) => {
        const rows = await tx
          .update(recurringDonations)
          .set({ customerId, scheduleChangeRequestedAt: now, updatedAt: sql`now()` })
          .where(
            and(
              inArray(recurringDonations.id, [...ids, 0]),
              eq(recurringDonations.paymentProvider, CARD_PAYMENT_PROVIDER),
              inArray(recurringDonations.status, ['active', 'suspended']),
            ),
          )
          .returning({ id: recurringDonations.id, status: recurringDonations.status });
        for (const row of rows) {
          await tx.insert(recurringDonationChanges).values({ recurringDonationId: row.id, kind: 'card', actor: 'guest', createdAt: now });
          if (row.status === 'active') await enqueueScheduleReplacement(tx, row.id);
        }
        return rows;
      });
      await reactivateSuspended(app.db, { customerId, recurringDonationIds: ids, actor: 'guest' }, now);
      return { count: moved.length };
    },
  );
};
