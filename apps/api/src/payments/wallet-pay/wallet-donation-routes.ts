// The wallet pay donation calls of spec §7 (start-wallet-donation.ts holds their state machine):
// update the checkout session (single, monthly), complete it when the buyer is back, and keep the
// donation form across the provider's redirect.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DONATION_CHECK_RATE_LIMIT,
  DONATION_READ_RATE_LIMIT,
  donationSubmitRoutes,
  donationTags,
} from '../../donations/donation-route-options';
import { AppError } from '../../lib/app-error';
import { perCallerLimit } from '../../plugins/rate-limit';
import { errorResponses } from '../../lib/error-responses';
import {
  completeMonthlyWalletDonation,
  completeSingleWalletDonation,
  startMonthlyWalletDonation,
  startSingleWalletDonation,
  type WalletDonationDeps,
} from './start-wallet-donation';
import { createWalletFormState, readWalletFormState } from './wallet-form-state';

export const walletDonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: WalletDonationDeps = {
    db: app.db,
    gateway: app.walletPay.gateway,
    log: app.log,
    webOrigin: app.config.WEB_ORIGIN,
    metrics: app.metrics,
  };
  const submitRoute = donationSubmitRoutes(app);
  submitRoute({
    path: '/donation/wallet-pay/update-checkout-session/',
    scope: 'donation:wallet',
    summary: 'Start a single wallet pay donation: records it and sets its amount on the checkout session; answers where the buyer approves',
    body: api.walletPayDonationRequest,
    response: api.walletPayDonationResponse,
    start: (request, userId) => startSingleWalletDonation(deps, request, userId),
  });
  submitRoute({
    path: '/donation/recurring/wallet-pay/update-checkout-session/',
    scope: 'donation:wallet-recurring',
    summary:
      'Start a monthly wallet pay donation (no annual): records it with its recurring donation and sets the monthly amount on the checkout session',
    body: api.recurringWalletPayDonationRequest,
    response: api.walletPayDonationResponse,
    start: (request, userId) => startMonthlyWalletDonation(deps, request, userId),
  });
  // Back from the provider's result page: the checkout session id, which only the buyer who went
  // through it holds, names the donation. The bot check was passed by the update call.
  submitRoute({
    path: '/donation/wallet-pay/complete-checkout-session/',
    scope: 'donation:wallet-complete',
    summary: 'Complete the single wallet pay checkout the buyer approved: the donation is paid, or failed/cancelled with a 422',
    body: api.walletPayCompleteRequest,
    response: api.walletPayCompleteResponse,
    start: (request) => completeSingleWalletDonation(deps, request),
    botChecked: false,
  });
  submitRoute({
    path: '/donation/recurring/wallet-pay/complete-checkout-session/',
    scope: 'donation:wallet-recurring-complete',
    summary:
      'Complete the monthly wallet pay checkout: the first payment is paid and the recurring donation active with its charge permission',
    body: api.walletPayCompleteRequest,
    response: api.walletPayCompleteResponse,
    start: (request) => completeMonthlyWalletDonation(deps, request),
    botChecked: false,
  });

  app.post(
    '/donation/wallet-pay-form-state/',
    {
      config: perCallerLimit(DONATION_CHECK_RATE_LIMIT),
      schema: {
        tags: donationTags,
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
      config: perCallerLimit(DONATION_READ_RATE_LIMIT),
      schema: {
        tags: donationTags,
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
};
