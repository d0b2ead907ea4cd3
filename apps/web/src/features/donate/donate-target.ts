// What a donation form is for, as the page hands it to the client: the associate's donation
// setting and, for campaign support, the campaign with its rewards; for a portfolio gift, the
// portfolio with its composition (portfolio/portfolio-target.ts). Only what the form shows; the
// full associate and campaign stay on the server.
import type { api } from '@kifu/domain';

export interface DonateAssociate {
  id: number;
  uid: string;
  name: string;
  logoUrl: string;
  isDeductible: boolean;
  prices: api.AssociateDetail['donation_setting']['prices'];
  surveyQuestions: api.AssociateDetail['survey_questions'];
  /** The annual membership plans (spec §3), for the membership flow. */
  membershipPlans: api.AssociateDetail['membership_plans'];
}

export type DonateReward = api.CampaignDetail['rewards'][number];

export interface DonateCampaign {
  id: number;
  title: string;
  status: api.CampaignDetail['status'];
  rewards: DonateReward[];
}

/** One associate of a portfolio and its share of every gift, in basis points. */
export interface DonatePortfolioPart {
  associateId: number;
  name: string;
  logoUrl: string;
  shareBp: number;
}

export interface DonatePortfolio {
  id: number;
  name: string;
  compositions: DonatePortfolioPart[];
}

export interface DonateTarget {
  /** For a portfolio gift: the portfolio itself as the form's recipient (portfolio/portfolio-target.ts). */
  associate: DonateAssociate;
  campaign: DonateCampaign | null;
  /** A gift split across a portfolio's associates (spec §2 /portfolio/{id}/donate). */
  portfolio?: DonatePortfolio | null;
}

export function toDonateTarget(associate: api.AssociateDetail, campaign: api.CampaignDetail | null): DonateTarget {
  return {
    associate: {
      id: associate.id,
      uid: associate.uid,
      name: associate.name,
      logoUrl: associate.logo_url,
      isDeductible: associate.is_deductible,
      prices: associate.donation_setting.prices,
      surveyQuestions: associate.survey_questions,
      membershipPlans: associate.membership_plans,
    },
    campaign: campaign ? { id: campaign.id, title: campaign.title, status: campaign.status, rewards: campaign.rewards } : null,
  };
}

/** The key of the form state entry (spec §3: entries keyed by associate id and campaign id, and per portfolio). */
export function entryKeyOf(target: DonateTarget): string {
  if (target.portfolio) return `portfolio:${target.portfolio.id}`;
  return target.campaign ? `campaign:${target.campaign.id}` : `associate:${target.associate.id}`;
}

export function isCampaign(target: DonateTarget): boolean {
  return target.campaign !== null;
}

export function isPortfolio(target: DonateTarget): target is DonateTarget & { portfolio: DonatePortfolio } {
  return Boolean(target.portfolio);
}

/** The public page of what is supported (locale prefix not included), e.g. for sharing. */
export function targetPathOf(target: DonateTarget): string {
  if (target.portfolio) return `/portfolio/${target.portfolio.id}`;
  return target.campaign ? `/campaign/${target.campaign.id}` : `/associate/${target.associate.uid}`;
}
