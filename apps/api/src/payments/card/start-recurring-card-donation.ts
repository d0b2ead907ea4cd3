// POST /donation/recurring/ (monthly) and /donation/recurring/annual/ (annual membership) (spec §7
// "Start monthly or annual"): a recurring donation 'pending' with its first donation
// 'authorizing', both in one transaction; the first payment is charged now with 3-D Secure like a
// single gift. When it settles paid, activate-recurring-donation.ts creates the provider's schedule
// for the later cycles; when it fails, the recurring donation is stopped (settle-donation-effects.ts).
// Annual: the membership plan must be the associate's and active, and the amount is its yearly
// price (unit × unit amount), within the annual card limits of spec §9.
import { api, japanIsoDate, type Frequency } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { membershipPlans } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { CARD_PAYMENT_PROVIDER } from '../../providers/card/card-gateway';
import { chargeFirstPayment, type CardDonationDeps } from './charge-first-payment';
import { checkDonationRequest } from '../../donations/check-donation-request';
import { checkWithPortfolio } from '../../donations/portfolio-gift';
import { recordDonation } from '../../donations/record-donation';
import { verifyCardCustomer } from './verify-card-customer';

export type RecurringDonationResponse = z.infer<typeof api.recurringDonationResponse>;
type MonthlyRequest = z.output<typeof api.recurringCardDonationRequest>;
type AnnualRequest = z.output<typeof api.annualCardDonationRequest>;

async function membershipPlanOf(deps: CardDonationDeps, request: AnnualRequest) {
  const [plan] = await deps.db
    .select()
    .from(membershipPlans)
    .where(
      and(
        eq(membershipPlans.id, request.membership_plan_id),
        eq(membershipPlans.associateId, request.associate_id),
        eq(membershipPlans.isActive, true),
      ),
    )
    .limit(1);
  if (!plan)
    throw new AppError(
      'validation_failed',
      `membership plan ${request.membership_plan_id} is not a plan of associate ${request.associate_id}`,
      { membership_plan_id: ['value'] },
    );
  return plan;
}

async function startRecurring(
  deps: CardDonationDeps,
  request: MonthlyRequest,
  userId: number | undefined,
  options: { frequency: Extract<Frequency, 'monthly' | 'annual'>; membershipPlanId: number | null },
): Promise<RecurringDonationResponse> {
  const rules = { method: 'creditCard', frequency: options.frequency } as const;
  // Monthly gifts may go to a portfolio; an annual membership belongs to one associate's plan.
  const { checked, portfolio } =
    options.frequency === 'monthly'
      ? await checkWithPortfolio(deps.db, request, (checking) => checkDonationRequest(checking, rules))
      : { checked: checkDonationRequest(request, rules), portfolio: undefined };
  await verifyCardCustomer(deps.db, deps.cardSecretKey, {
    customerId: request.customer_id,
    customerHandle: request.customer_handle,
    userId,
    email: checked.donor.email,
  });
  const now = new Date();
  const recorded = await recordDonation(deps.db, {
    request,
    checked,
    portfolio,
    method: 'creditCard',
    status: 'authorizing',
    paymentProvider: CARD_PAYMENT_PROVIDER,
    userId,
    metrics: deps.metrics,
    now,
    recurring: {
      period: options.frequency,
      membershipPlanId: options.membershipPlanId,
      customerId: request.customer_id,
      agency: request.agency_commission_code ?? null,
      startDate: japanIsoDate(now),
    },
  });
  const recurringDonationId = recorded.recurringDonationId!;
  const { authorizeUri } = await chargeFirstPayment(deps, {
    donationId: recorded.donationId,
    statusToken: recorded.statusToken,
    amount: checked.chargedAmount,
    customerId: request.customer_id,
    clientUri: request.client_uri,
    description: `Kifu ${options.frequency} donation ${recurringDonationId}, first payment`,
    metadata: { donation_id: recorded.donationId, recurring_donation_id: recurringDonationId },
  });
  return {
    recurring_donation: {
      id: recurringDonationId,
      donations: [
        {
          id: recorded.donationId,
          is_anonymous: recorded.isAnonymous,
          donation_message: recorded.donationMessageId === null ? null : { id: recorded.donationMessageId },
        },
      ],
    },
    authorize_uri: authorizeUri,
    status_token: recorded.statusToken,
  };
}

export function startMonthlyCardDonation(
  deps: CardDonationDeps,
  request: MonthlyRequest,
  userId: number | undefined,
): Promise<RecurringDonationResponse> {
  return startRecurring(deps, request, userId, { frequency: 'monthly', membershipPlanId: null });
}

export async function startAnnualCardDonation(
  deps: CardDonationDeps,
  request: AnnualRequest,
  userId: number | undefined,
): Promise<RecurringDonationResponse> {
  const plan = await membershipPlanOf(deps, request);
  const yearly = plan.unit * plan.unitAmount;
  if (request.amount !== yearly) {
    throw new AppError('validation_failed', `the membership plan costs ${yearly} yen a year`, { amount: ['value'] });
  }
  return startRecurring(deps, request, userId, { frequency: 'annual', membershipPlanId: plan.id });
}
