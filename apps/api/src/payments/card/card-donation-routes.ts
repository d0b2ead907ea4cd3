// The card donation calls of spec §7: single, monthly and annual. Each records the donation and
// starts its 3-D Secure charge; the card's settlement (card-payment-state.ts) finishes it.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { donationSubmitRoutes } from '../../donations/donation-route-options';
import { CARD_ATTEMPT_LIMITS } from '../../plugins/rate-limit';
import type { CardDonationDeps } from './charge-first-payment';
import { startCardDonation } from './start-card-donation';
import { startAnnualCardDonation, startMonthlyCardDonation } from './start-recurring-card-donation';

export const cardDonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CardDonationDeps = {
    db: app.db,
    gateway: app.cardPayments.gateway,
    settle: app.cardPayments.settle,
    cardSecretKey: app.config.CARD_SECRET_KEY,
    metrics: app.metrics,
  };
  const submitRoute = donationSubmitRoutes(app);
  submitRoute({
    path: '/donation/',
    scope: 'donation:card',
    summary: 'Start a single card donation: records it and starts its 3-D Secure charge',
    body: api.cardDonationRequest,
    response: api.cardDonationResponse,
    start: (request, userId) => startCardDonation(deps, request, userId),
    attemptLimits: CARD_ATTEMPT_LIMITS,
  });
  submitRoute({
    path: '/donation/recurring/',
    scope: 'donation:recurring',
    summary: 'Start a monthly card donation: the first payment now (3-D Secure), a provider schedule once it is paid',
    body: api.recurringCardDonationRequest,
    response: api.recurringDonationResponse,
    start: (request, userId) => startMonthlyCardDonation(deps, request, userId),
    attemptLimits: CARD_ATTEMPT_LIMITS,
  });
  submitRoute({
    path: '/donation/recurring/annual/',
    scope: 'donation:annual',
    summary: 'Start an annual card membership of a plan: the first payment now, then yearly on day 1 of the plan month',
    body: api.annualCardDonationRequest,
    response: api.recurringDonationResponse,
    start: (request, userId) => startAnnualCardDonation(deps, request, userId),
    attemptLimits: CARD_ATTEMPT_LIMITS,
  });
};
