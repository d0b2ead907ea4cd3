// The one way a donation is written (spec §3 "Donation (stored)", "Recurring donation (stored)"):
// in ONE transaction — the associate and campaign checks, the reward reservation, the donor, the
// recurring donation when there is one, the donation row, survey answers and the donation session
// (form state + status token). Anything refused rolls the whole lot back, reservation included.
// Payment happens after the commit, by the caller (start-*.ts), which moves the row on.
import { DONATION_ERRORS, DonationType, isDeductible, paymentMethodIdOf, type Frequency, type PaymentMethod } from '@kifu/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  associates,
  campaignDiscounts,
  campaignRewards,
  campaigns,
  donationMessages,
  donations,
  donors,
  portfolioDonations,
  recurringDonations,
  surveyAnswers,
} from '../db/schema/index';
import { AppError } from '../lib/app-error';
import type { DonationMetrics } from '../metrics/api-metrics';
import type { CheckedDonation, DonationRequest } from './check-donation-request';
import { openDonationSession } from './donation-session';
import { defaultPublishedName, takesMessage } from './donation-messages';
import type { PortfolioGift } from './portfolio-gift';
import { reserveReward } from './reward-stock';
import { checkSurveyAnswers } from './survey-answers';

export interface RecurringPlan {
  period: Extract<Frequency, 'monthly' | 'annual'>;
  membershipPlanId: number | null;
  /** The card customer the provider's schedule will charge; null for wallet pay (its charge permission comes on completion). */
  customerId: string | null;
  agency: string | null;
  /** YYYY-MM-DD in Japan: the day of the first payment. */
  startDate: string;
}

export interface RecordDonationInput {
  request: DonationRequest;
  checked: CheckedDonation;
  method: PaymentMethod;
  /** 'authorizing' for a card charge about to be made, 'pending' for a bank transfer. */
  status: 'authorizing' | 'pending';
  paymentProvider: string | null;
  /** The provider's payment id when known before the commit (wallet pay: the checkout session id). */
  paymentId?: string;
  userId: number | undefined;
  recurring?: RecurringPlan;
  /** A portfolio gift (portfolio-gift.ts): one portfolio row and one donation per part, the first the lead. */
  portfolio?: PortfolioGift;
  now?: Date;
  /** Counts the donation as started once it is committed (the app passes its counters). */
  metrics?: DonationMetrics;
}

export interface RecordedDonation {
  /** The donation the caller charges and answers with (a portfolio gift's lead part). */
  donationId: number;
  recurringDonationId: number | null;
  isAnonymous: boolean;
  statusToken: string;
  /** The donation_messages row made from the request's message, if it had one (the completion screen updates it). */
  donationMessageId: number | null;
}

async function checkAssociate(tx: Database, associateId: number): Promise<void> {
  const [associate] = await tx
    .select({ isPublished: associates.isPublished })
    .from(associates)
    .where(eq(associates.id, associateId))
    .limit(1);
  if (!associate?.isPublished) throw new AppError('not_found', `associate_not_found: associate ${associateId} does not exist`);
}

/** Published, of this associate, and still open: a draft is as good as missing (spec §8 catalogue). */
async function checkCampaign(tx: Database, campaignId: number, associateId: number, now: Date): Promise<void> {
  const [campaign] = await tx
    .select({ associateId: campaigns.associateId, status: campaigns.status, endAt: campaigns.endAt })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  if (!campaign || campaign.status === 'draft' || campaign.associateId !== associateId)
    throw new AppError('not_found', DONATION_ERRORS.campaignNotFound.en);
  if (campaign.status === 'closed' || (campaign.endAt !== null && campaign.endAt.getTime() <= now.getTime())) {
    throw new AppError('unprocessable', DONATION_ERRORS.campaignClosed.en);
  }
}

async function reserveChosenReward(tx: Database, request: DonationRequest): Promise<void> {
  if (request.reward_id === null) return;
  if (request.campaign_id === null) throw new AppError('validation_failed', 'a reward needs its campaign', { campaign_id: ['required'] });
  const [reward] = await tx
    .select({ amount: campaignRewards.amount })
    .from(campaignRewards)
    .where(and(eq(campaignRewards.id, request.reward_id), eq(campaignRewards.campaignId, request.campaign_id)))
    .limit(1);
  if (!reward)
    throw new AppError('validation_failed', `reward ${request.reward_id} is not a reward of campaign ${request.campaign_id}`, {
      reward_id: ['value'],
    });
  if (request.amount < reward.amount)
    throw new AppError('validation_failed', `the reward needs a gift of at least ${reward.amount} yen`, { amount: ['min'] });
  if (!(await reserveReward(tx, request.reward_id))) throw new AppError('unprocessable', DONATION_ERRORS.rewardOutOfStock.en);
}

/**
 * The fee a campaign's promotion code waives (ADR 036): the code must be one of the campaign's,
 * active and not past its date; anything else is the spec's 'The promotion code cannot be applied
 * for this campaign.' on the field. Codes are compared without regard to case.
 */
async function promotionDiscount(tx: Database, request: DonationRequest, now: Date): Promise<number> {
  const code = request.promotion_code?.trim();
  if (!code) return 0;
  const refused = new AppError('validation_failed', 'the promotion code cannot be applied for this campaign', {
    promotion_code: ['promotionCode'],
  });
  if (request.campaign_id === null) throw refused;
  const [discount] = await tx
    .select({ amount: campaignDiscounts.discountAmount, validUntil: campaignDiscounts.validUntil })
    .from(campaignDiscounts)
    .where(
      and(
        eq(campaignDiscounts.campaignId, request.campaign_id),
        eq(campaignDiscounts.isActive, true),
        sql`lower(${campaignDiscounts.code}) = lower(${code})`,
      ),
    )
    .limit(1);
  if (!discount || (discount.validUntil !== null && discount.validUntil.getTime() <= now.getTime())) throw refused;
  return discount.amount;
}

/**
 * Campaign gifts are type 2 and portfolio gifts type 3 whatever the client said; a gift may not
 * claim a type it is not. Calls without portfolio support (annual, wallet pay) pass no portfolio.
 */
function donationTypeOf(request: DonationRequest, portfolio: PortfolioGift | undefined): number {
  if (portfolio) return DonationType.PORTFOLIO;
  if (request.portfolio_id !== null)
    throw new AppError('validation_failed', 'portfolio gifts are not accepted on this call', { portfolio_id: ['value'] });
  if (request.type === DonationType.PORTFOLIO)
    throw new AppError('validation_failed', 'a portfolio gift needs its portfolio', { portfolio_id: ['required'] });
  if (request.campaign_id !== null) return DonationType.CAMPAIGN;
  if (request.type === DonationType.CAMPAIGN)
    throw new AppError('validation_failed', 'a campaign gift needs its campaign', { campaign_id: ['required'] });
  return request.type;
}

export async function recordDonation(db: Database, input: RecordDonationInput): Promise<RecordedDonation> {
  const { request, checked, recurring, portfolio } = input;
  const now = input.now ?? new Date();
  const type = donationTypeOf(request, portfolio);
  const parts = portfolio?.parts ?? [{ associateId: request.associate_id, amount: checked.chargedAmount }];
  const userId = input.userId ?? null;
  // Spec §5: anonymous support has no receipt.
  const needReceipt = request.is_anonymous ? false : request.need_receipt;
  const shared = {
    campaignId: request.campaign_id,
    userId,
    type,
    paymentMethod: paymentMethodIdOf[input.method],
    needReceipt,
    inEnglish: request.lang === 'en',
    isUser: userId !== null,
    needNewsLetter: request.need_news_letter,
    isAnonymous: request.is_anonymous,
    message: request.message.trim() === '' ? null : request.message,
  };

  const recorded = await db.transaction(async (tx) => {
    if (!portfolio) {
      await checkAssociate(tx, request.associate_id);
      if (request.campaign_id !== null) await checkCampaign(tx, request.campaign_id, request.associate_id, now);
      await checkSurveyAnswers(tx, request.associate_id, request.survey_answers);
      await reserveChosenReward(tx, request);
    }
    const discountAmount = portfolio ? 0 : await promotionDiscount(tx, request, now);

    const [donor] = await tx.insert(donors).values(checked.donor).returning({ id: donors.id });
    let recurringDonationId: number | null = null;
    if (recurring) {
      const [row] = await tx
        .insert(recurringDonations)
        .values({
          ...shared,
          associateId: portfolio ? null : request.associate_id,
          portfolioId: portfolio?.portfolioId ?? null,
          isDeductible: portfolio ? parts.every((part) => isDeductible(part.associateId)) : isDeductible(request.associate_id),
          donorId: donor!.id,
          membershipPlanId: recurring.membershipPlanId,
          amount: checked.chargedAmount,
          period: recurring.period,
          every: recurring.period === 'annual' ? 12 : 1,
          status: 'pending',
          paymentProvider: input.paymentProvider,
          customerId: recurring.customerId,
          agency: recurring.agency,
          startDate: recurring.startDate,
        })
        .returning({ id: recurringDonations.id });
      recurringDonationId = row!.id;
    }
    let portfolioDonationId: number | null = null;
    if (portfolio) {
      const [row] = await tx
        .insert(portfolioDonations)
        .values({
          portfolioId: portfolio.portfolioId,
          revisionId: portfolio.revisionId,
          amount: checked.chargedAmount,
          paymentMethod: shared.paymentMethod,
          status: input.status,
          paymentProvider: input.paymentProvider,
          paymentId: input.paymentId ?? null,
          userId,
          donorId: donor!.id,
          recurringDonationId,
          isRecurring: recurring !== undefined,
        })
        .returning({ id: portfolioDonations.id });
      portfolioDonationId = row!.id;
    }
    const inserted = await tx
      .insert(donations)
      .values(
        parts.map((part, index) => ({
          ...shared,
          associateId: part.associateId,
          isDeductible: isDeductible(part.associateId),
          rewardId: request.reward_id,
          portfolioDonationId,
          donorId: donor!.id,
          recurringDonationId,
          amount: part.amount,
          status: input.status,
          paymentProvider: input.paymentProvider,
          // Only the lead carries the provider's id (unique per provider); the parts follow it.
          paymentId: index === 0 ? (input.paymentId ?? null) : null,
          isCommissionContains: request.is_commission_contains,
          isRecurring: recurring !== undefined,
          discountAmount,
        })),
      )
      .returning({ id: donations.id });
    const donationId = Math.min(...inserted.map((row) => row.id));

    const answers = request.survey_answers.flatMap((answer) =>
      answer.choice_ids.map((choiceId) => ({ questionId: answer.question_id, choiceId, donationId, recurringDonationId })),
    );
    if (answers.length > 0) await tx.insert(surveyAnswers).values(answers);

    let donationMessageId: number | null = null;
    if (shared.message !== null && takesMessage(type)) {
      const [row] = await tx
        .insert(donationMessages)
        .values({
          donationId,
          associateId: parts[0]!.associateId,
          campaignId: request.campaign_id,
          userId,
          type,
          message: shared.message,
          isNamePublic: !request.is_anonymous,
          publishedFrom: await defaultPublishedName(tx, { userId, donorId: donor!.id }),
        })
        .returning({ id: donationMessages.id });
      donationMessageId = row!.id;
    }

    const statusToken = await openDonationSession(tx, {
      donationId,
      recurringDonationId,
      associateId: parts[0]!.associateId,
      campaignId: request.campaign_id,
      userId,
      formState: request.form_state,
      now,
    });
    return { donationId, recurringDonationId, isAnonymous: request.is_anonymous, statusToken, donationMessageId };
  });
  input.metrics?.donationsStarted.inc({ method: input.method });
  return recorded;
}
