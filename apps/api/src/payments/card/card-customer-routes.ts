// Payment calls of spec §7, paths exactly as written there: /payment/non-member-credit ("Create
// anonymous card customer: body token and email; reads customer_id") and /payment/credit ("Update
// credit card (token auth): body token; response user, id, customer_code"). Both take a vault
// token the browser made (the card never reaches us), move no money, and are rate limited because
// each call spends a token at the provider and could be used to test stolen cards.
import { requiredEmailSchema } from '@kifu/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import { CARD_ATTEMPT_LIMITS, CARD_ATTEMPTS_PER_ADDRESS, perCallerLimit } from '../../plugins/rate-limit';
import { ProviderError, providerErrorToAppError } from '../../providers/provider-error';
import { createGuestCustomer } from './create-guest-customer';
import { registerUserCard } from './register-user-card';

const tags = ['payments'];

/** Omise token ids: tokn_… (tokn_test_… with test keys). */
export const CARD_TOKEN_PATTERN = /^tokn_(?:test_)?[0-9a-z]+$/;
const cardToken = z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'maxLength').regex(CARD_TOKEN_PATTERN, 'pattern');

/** Per account per minute (a guest's address: × SUPPORTERS_PER_ADDRESS): enough for typing mistakes, too few for card testing. */
export const CARD_ROUTE_RATE_LIMIT = 10;

const guestCustomerBody = z.object({ token: cardToken, email: requiredEmailSchema });
const guestCustomer = z.object({
  customer_id: z.string(),
  /** Send it back as customer_handle with the donation: it alone lets a guest charge this customer (ADR 026). */
  customer_handle: z.string(),
});

const userCardBody = z.object({
  token: cardToken,
  /** See UserCardRequest in packages/domain api/user-card.ts: false keeps recurring support on the previous card. */
  move_recurring: z.boolean().default(true),
});
const userCard = z.object({
  /** The user's id. */
  user: z.number().int(),
  /** The saved card's id. */
  id: z.number().int(),
  customer_code: z.string(),
  brand: z.string(),
  last_digits: z.string(),
  name: z.string(),
});

/** Provider failures leave as 422 (the card or token was refused) or 502 (the provider failed). */
async function viaCardProvider<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    request.log.warn(
      { provider: error.provider, code: error.code, httpStatus: error.httpStatus, retryable: error.retryable },
      'card provider call failed',
    );
    throw providerErrorToAppError(error);
  }
}

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payment/non-member-credit',
    {
      config: { ...perCallerLimit(CARD_ROUTE_RATE_LIMIT), attemptLimits: CARD_ATTEMPT_LIMITS },
      schema: {
        tags,
        summary: 'Create an anonymous card customer for a guest from a vault token and an email',
        body: guestCustomerBody,
        response: { 200: guestCustomer, ...errorResponses(400, 422, 429, 502) },
      },
    },
    async (request) => {
      const guest = await viaCardProvider(request, () =>
        createGuestCustomer(app.cardPayments.gateway, app.config.CARD_SECRET_KEY, request.body),
      );
      return { customer_id: guest.customerId, customer_handle: guest.customerHandle };
    },
  );

  app.post(
    '/payment/credit',
    {
      preHandler: app.requireUser,
      config: { ...perCallerLimit(CARD_ROUTE_RATE_LIMIT), attemptLimits: [CARD_ATTEMPTS_PER_ADDRESS] },
      schema: {
        tags,
        summary:
          "Save a card on the signed-in user: attach it to the user's card customer (its recurring support moves to it), or with move_recurring false put it on a new customer",
        body: userCardBody,
        response: { 200: userCard, ...errorResponses(400, 401, 422, 429, 502) },
      },
    },
    async (request) => {
      const card = await viaCardProvider(request, () =>
        registerUserCard(app.db, app.cardPayments.gateway, {
          userId: request.userId!,
          token: request.body.token,
          moveRecurring: request.body.move_recurring,
        }),
      );
      // The recurring support moved with the card: what a failed card suspended can go on.
      if (request.body.move_recurring) await app.cardPayments.cardReplaced({ userId: request.userId!, customerId: card.customerCode });
      return {
        user: card.userId,
        id: card.id,
        customer_code: card.customerCode,
        brand: card.brand,
        last_digits: card.lastDigits,
        name: card.name,
      };
    },
  );
};
