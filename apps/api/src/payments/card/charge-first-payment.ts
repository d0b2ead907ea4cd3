// The card charge of a recorded, 'authorizing' donation, with 3-D Secure (providers.md "3-D
// Secure"): the charge waits at its authorize_uri and the bank sends the supporter back to
// client_uri with `donation_id=<id>` and its status token, where the form restores itself and polls the status. The
// return proves nothing; the status poll, the webhook and reconciliation settle the charge.
//   createCharge refused or unanswered ─▶ donation failed (fail-donation.ts); 422 with the
//                                          provider's "code: message", or 502 (timeout says so)
//   charge failed at once (no 3-D Secure enrolment) ─▶ settled failed; 422 with cardFailureDetail
//   charge pending ─▶ { authorizeUri }
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { donations } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { cardFailureDetail } from './card-failure-detail';
import type { CardCharge, CardGateway } from '../../providers/card/card-gateway';
import { ProviderError, providerErrorToAppError } from '../../providers/provider-error';
import { failUnstartedDonation } from '../../donations/fail-donation';
import type { DonationMetrics } from '../../metrics/api-metrics';

/** What starting a card donation needs of the app (payments/card/card-donation-routes.ts builds it). */
export interface CardDonationDeps {
  db: Database;
  gateway: CardGateway;
  /** Settles with a charge the gateway just answered (app.cardPayments.settle). */
  settle: (charge: CardCharge) => Promise<unknown>;
  /** Keys the guest customer handle (guest-customer-handle.ts). */
  cardSecretKey: string;
  /** The app's donation counters (ADR 048). */
  metrics: DonationMetrics;
}

export const RETURN_DONATION_ID_PARAM = 'donation_id';
/** The donation's status token, as the status and form-state calls take it (api.donationAccessQuery). */
export const RETURN_DONATION_TOKEN_PARAM = 'donation_token';

/**
 * client_uri with `donation_id=<id>` and `donation_token=<status token>` added, keeping its own
 * query and fragment. The token rides along so a supporter whose client storage is gone by the
 * time the bank sends them back (another tab cleared it, a private window, a new browser context)
 * can still restore the form and read the status (decision 009); the form strips both from the
 * address bar as soon as it has read them, and donate pages send no Referer.
 */
export function returnUriFor(clientUri: string, donationId: number, statusToken: string): string {
  const url = new URL(clientUri);
  url.searchParams.set(RETURN_DONATION_ID_PARAM, String(donationId));
  url.searchParams.set(RETURN_DONATION_TOKEN_PARAM, statusToken);
  return url.toString();
}

export interface ChargeFirstPaymentInput {
  donationId: number;
  /** The status token issued with the donation (record-donation.ts). */
  statusToken: string;
  amount: number;
  customerId: string;
  clientUri: string;
  description: string;
  metadata: Record<string, string | number>;
}

export async function chargeFirstPayment(deps: CardDonationDeps, input: ChargeFirstPaymentInput): Promise<{ authorizeUri: string }> {
  const returnUri = returnUriFor(input.clientUri, input.donationId, input.statusToken);
  let charge: CardCharge;
  try {
    charge = await deps.gateway.createCharge({
      amount: input.amount,
      customerId: input.customerId,
      returnUri,
      description: input.description,
      metadata: input.metadata,
    });
  } catch (error) {
    // Whether or not the provider made a charge, nobody was sent to authorise it: a 3-D Secure
    // charge nobody authenticates moves no money and expires.
    await failUnstartedDonation(deps.db, input.donationId, error instanceof ProviderError ? error.code : 'charge_error', deps);
    if (!(error instanceof ProviderError)) throw error;
    throw providerErrorToAppError(error);
  }
  await deps.db
    .update(donations)
    .set({ paymentId: charge.id, updatedAt: sql`now()` })
    .where(eq(donations.id, input.donationId));
  if (charge.status === 'pending') return { authorizeUri: charge.authorizeUri ?? returnUri };

  await deps.settle(charge);
  // Paid without an authentication step: straight back to the form, which finds it paid.
  if (charge.status === 'successful') return { authorizeUri: returnUri };
  throw new AppError('unprocessable', cardFailureDetail(charge));
}
