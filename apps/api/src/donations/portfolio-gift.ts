// Portfolio gifts (spec §2 "/portfolio/{id}/donate — one gift split across the portfolio's
// associates by its composition"; §3 "portfolioDonation"; donation type 3). The supporter is
// charged ONCE for the total; the gift is recorded as one portfolio_donations row (the portfolio's
// current revision) and one donation per associate of that revision, the amounts split by the
// domain's splitByShares (largest share first, so the first part is the largest).
//
// The first part is the LEAD: it alone carries the provider's payment id (charge, virtual
// account), its id is the `donation.id` the response answers, the status/form-state routes and
// the 3-D Secure return use, and the payment state machines move it like any single gift. Every
// change of the lead — or of any part, e.g. the abandoned-donation sweep — is mirrored onto the
// other parts and the portfolio row in the same transaction (sync-portfolio-parts.ts,
// called from applySettlementEffects and when a virtual account is issued). See ADR 010.
import { DONATION_ERRORS, profileAssociateIdOf, splitByShares } from '@kifu/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, portfolios } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { currentCompositions } from '../portfolios/current-compositions';
import type { CheckedDonation, DonationRequest } from './check-donation-request';

export interface PortfolioTarget {
  portfolioId: number;
  revisionId: number;
  /** Largest share first, then by associate id: the split's (and the lead's) order. */
  shares: { associateId: number; shareBp: number }[];
}

export interface PortfolioGift {
  portfolioId: number;
  revisionId: number;
  parts: { associateId: number; amount: number }[];
}

/** A published portfolio's current revision; the catalogue's portfolioNotFound (404) otherwise. */
export async function portfolioTarget(db: Database, portfolioId: number): Promise<PortfolioTarget> {
  const notFound = new AppError('not_found', DONATION_ERRORS.portfolioNotFound.en);
  const [portfolio] = await db
    .select({ isPublished: portfolios.isPublished })
    .from(portfolios)
    .where(eq(portfolios.id, portfolioId))
    .limit(1);
  if (!portfolio?.isPublished) throw notFound;
  const rows = await currentCompositions(db, [portfolioId]);
  if (rows.length === 0) throw notFound;
  return {
    portfolioId,
    revisionId: rows[0]!.revisionId,
    shares: rows.map((row) => ({ associateId: row.associateId, shareBp: row.shareBp })),
  };
}

/**
 * Checks a request the way its single-associate twin is checked, then splits the charged total.
 * A portfolio gift has no campaign, reward or survey (those belong to one associate); the donor's
 * profile is checked against the strictest associate of the mix (kana where any needs it).
 */
export async function checkWithPortfolio(
  db: Database,
  request: DonationRequest,
  check: (request: DonationRequest) => CheckedDonation,
): Promise<{ checked: CheckedDonation; portfolio?: PortfolioGift }> {
  if (request.portfolio_id === null) return { checked: check(request) };
  const target = await portfolioTarget(db, request.portfolio_id);
  const fields: Record<string, string[]> = {};
  if (request.campaign_id !== null) fields.campaign_id = ['value'];
  if (request.reward_id !== null) fields.reward_id = ['value'];
  if (request.survey_answers.length > 0) fields.survey_answers = ['value'];
  if (Object.keys(fields).length > 0)
    throw new AppError('validation_failed', 'a portfolio gift has no campaign, reward or survey answers', fields);
  const associateIds = target.shares.map((share) => share.associateId);
  const profileAssociateId = profileAssociateIdOf(associateIds)!;
  const checked = check({ ...request, associate_id: profileAssociateId });
  const parts = splitByShares(
    checked.chargedAmount,
    target.shares.map((share) => ({ key: share.associateId, shareBp: share.shareBp })),
  ).map((part) => ({ associateId: part.key, amount: part.amount }));
  return { checked, portfolio: { portfolioId: target.portfolioId, revisionId: target.revisionId, parts } };
}

/** The lead part of each portfolio gift: the part with the smallest id (the largest share). */
export const isLeadOrSingle = sql`(${donations.portfolioDonationId} is null or ${donations.id} = (select min(lead.id) from donations lead where lead.portfolio_donation_id = ${donations.portfolioDonationId}))`;
