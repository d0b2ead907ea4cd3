// Wallet pay calls of spec §7, paths exactly as written there: /wallet-pay/generate-button-signature/
// (the signed button of the donation form) and /wallet-pay/get-checkout-session/ (the buyer the
// provider sends back to our review page). Both are rate limited like every payment route: the
// first signs with the merchant key, the second calls the provider.
import { type Frequency } from '@kifu/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { ProviderError } from '../../providers/provider-error';
import { perCallerLimit } from '../../plugins/rate-limit';
import { assertWalletAmount } from './check-wallet-amount';
import { checkoutSessionView } from './checkout-session-view';
import { walletButtonConfig } from './wallet-button-config';
import { walletFailureToAppError } from './wallet-provider-failure';
import { buttonConfig, buttonSignatureBody, checkoutSessionQuery, checkoutSessionResponse } from './wallet-pay-schemas';

const tags = ['payments'];

/** Per account per minute (a guest's address: × SUPPORTERS_PER_ADDRESS): a form re-renders its button when the amount changes, a person does not click faster. */
export const WALLET_ROUTE_RATE_LIMIT = 20;

async function viaWalletProvider<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    request.log.warn(
      { provider: error.provider, code: error.code, httpStatus: error.httpStatus, retryable: error.retryable },
      'wallet provider call failed',
    );
    throw walletFailureToAppError(error);
  }
}

export const walletPayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/wallet-pay/generate-button-signature/',
    {
      config: perCallerLimit(WALLET_ROUTE_RATE_LIMIT),
      schema: {
        tags,
        summary: 'Sign the wallet pay button of a single or monthly donation',
        body: buttonSignatureBody,
        response: { 200: buttonConfig, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const body = request.body;
      // The schema already refused annual (wallet pay has none).
      const frequency = body.frequency as Exclude<Frequency, 'annual'>;
      assertWalletAmount(body.amount, frequency);
      return walletButtonConfig(app.walletPay.gateway, app.config, {
        amount: body.amount,
        frequency,
        locale: body.locale,
        associateId: body.associate_id,
        campaignId: body.campaign_id,
        donateSessionKey: body.donate_session_key,
      });
    },
  );

  app.get(
    '/wallet-pay/get-checkout-session/',
    {
      config: perCallerLimit(WALLET_ROUTE_RATE_LIMIT),
      schema: {
        tags,
        summary: "The wallet checkout session: state, the buyer's name and email, billing address, amount",
        querystring: checkoutSessionQuery,
        response: { 200: checkoutSessionResponse, ...errorResponses(400, 404, 422, 429, 502) },
      },
    },
    async (request) =>
      checkoutSessionView(
        await viaWalletProvider(request, () => app.walletPay.gateway.getCheckoutSession(request.query.checkout_session_id)),
      ),
  );
};
