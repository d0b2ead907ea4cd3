// POST /donation/ (spec §7 "Start a card single donation"; §4 donation flow, card): the request
// passes the domain rules, the card customer must be the donor's, the donation is recorded
// 'authorizing' (reward reserved) and its 3-D Secure charge is started.
import { api } from '@kifu/domain';
import type { z } from 'zod';
import { CARD_PAYMENT_PROVIDER } from '../../providers/card/card-gateway';
import { chargeFirstPayment, type CardDonationDeps } from './charge-first-payment';
import { checkDonationRequest } from '../../donations/check-donation-request';
import { checkWithPortfolio } from '../../donations/portfolio-gift';
import { recordDonation } from '../../donations/record-donation';
import { verifyCardCustomer } from './verify-card-customer';

export type CardDonationResponse = z.infer<typeof api.cardDonationResponse>;

export async function startCardDonation(
  deps: CardDonationDeps,
  request: z.output<typeof api.cardDonationRequest>,
  userId: number | undefined,
): Promise<CardDonationResponse> {
  const { checked, portfolio } = await checkWithPortfolio(deps.db, request, (checking) =>
    checkDonationRequest(checking, { method: 'creditCard', frequency: 'single' }),
  );
  await verifyCardCustomer(deps.db, deps.cardSecretKey, {
    customerId: request.customer_id,
    customerHandle: request.customer_handle,
    userId,
    email: checked.donor.email,
  });
  const recorded = await recordDonation(deps.db, {
    request,
    checked,
    portfolio,
    method: 'creditCard',
    status: 'authorizing',
    paymentProvider: CARD_PAYMENT_PROVIDER,
    userId,
    metrics: deps.metrics,
  });
  const { authorizeUri } = await chargeFirstPayment(deps, {
    donationId: recorded.donationId,
    statusToken: recorded.statusToken,
    amount: checked.chargedAmount,
    customerId: request.customer_id,
    clientUri: request.client_uri,
    description: `Kifu donation ${recorded.donationId}`,
    metadata: { donation_id: recorded.donationId, ...(portfolio ? { portfolio_id: portfolio.portfolioId } : {}) },
  });
  return {
    donation: {
      id: recorded.donationId,
      is_anonymous: recorded.isAnonymous,
      donation_message: recorded.donationMessageId === null ? null : { id: recorded.donationMessageId },
    },
    authorize_uri: authorizeUri,
    status_token: recorded.statusToken,
  };
}
