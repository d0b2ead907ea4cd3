// GET /donation/{id}/status/ (spec §4 "A donation status is polled"): what the form polls after
// coming back from 3-D Secure. A card donation still authorizing is first refreshed from the
// gateway (`refreshCardCharge`, app.cardPayments.refresh), so the return settles the donation even when no webhook
// came (providers.md "Reliability rules"). If the gateway cannot be asked, the stored state is
// answered (PENDING) and the client simply polls again.
//   pending | authorizing | awaiting_transfer ─▶ PENDING;  paid ─▶ PAID;  anything else ─▶ FAILED
// with `detail` = the provider's failure code, which the web maps through the error catalogue.
import { api, PaymentMethodId, type Frequency, type PaymentMethod } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { donations, portfolioDonations, recurringDonations } from '../db/schema/index';
import { CARD_PAYMENT_PROVIDER } from '../providers/card/card-gateway';
import { ProviderError } from '../providers/provider-error';
import type { DonationRow } from './donation-access';

export type DonationStatusResponse = z.infer<typeof api.donationStatusResponse>;

const METHOD_OF_ID: Partial<Record<number, PaymentMethod>> = {
  [PaymentMethodId.CREDIT_CARD]: 'creditCard',
  [PaymentMethodId.WALLET_PAY]: 'walletPay',
  [PaymentMethodId.BANK_TRANSFER]: 'bankTransfer',
};

function resultOf(status: DonationRow['status']): DonationStatusResponse['result'] {
  if (status === 'paid') return 'PAID';
  if (status === 'pending' || status === 'authorizing' || status === 'awaiting_transfer') return 'PENDING';
  return 'FAILED';
}

export interface DonationStatusDeps {
  db: Database;
  log: FastifyBaseLogger;
  /** Retrieves a card charge and settles its donation (app.cardPayments.refresh). */
  refreshCardCharge: (chargeId: string) => Promise<unknown>;
}

export async function getDonationStatus(deps: DonationStatusDeps, stored: DonationRow): Promise<DonationStatusResponse> {
  let donation = stored;
  if (donation.status === 'authorizing' && donation.paymentProvider === CARD_PAYMENT_PROVIDER && donation.paymentId) {
    try {
      await deps.refreshCardCharge(donation.paymentId);
      [donation] = (await deps.db.select().from(donations).where(eq(donations.id, stored.id)).limit(1)) as [DonationRow];
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.log.warn({ donationId: donation.id, code: error.code }, 'status poll could not refresh the card charge');
    }
  }
  let frequency: Frequency = 'single';
  let membershipPlanId: number | null = null;
  if (donation.recurringDonationId !== null) {
    const [recurring] = await deps.db
      .select({ period: recurringDonations.period, membershipPlanId: recurringDonations.membershipPlanId })
      .from(recurringDonations)
      .where(eq(recurringDonations.id, donation.recurringDonationId))
      .limit(1);
    frequency = recurring?.period ?? 'monthly';
    membershipPlanId = recurring?.membershipPlanId ?? null;
  }
  // A portfolio gift's lead answers for the whole charge: its parts all share its state.
  let amount = donation.amount;
  if (donation.portfolioDonationId !== null) {
    const [portfolio] = await deps.db
      .select({ amount: portfolioDonations.amount })
      .from(portfolioDonations)
      .where(eq(portfolioDonations.id, donation.portfolioDonationId))
      .limit(1);
    amount = portfolio?.amount ?? amount;
  }
  const result = resultOf(donation.status);
  return {
    id: donation.id,
    result,
    detail: result === 'FAILED' ? (donation.reasonOfPaymentFailed ?? donation.status) : null,
    payment_method: METHOD_OF_ID[donation.paymentMethod] ?? 'creditCard',
    frequency,
    amount,
    is_anonymous: donation.isAnonymous,
    membership_plan_id: membershipPlanId,
  };
}
