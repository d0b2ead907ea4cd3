// What a donation form is for, as the page hands it to the client: the associate's donation
// setting and, for campaign support, the campaign with its rewards. Only what the form shows; the
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

export interface DonateTarget {
  associate: DonateAssociate;
  campaign: DonateCampaign | null;
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
    campaign: campaign
      ? { id: campaign.id, title: campaign.title, status: campaign.status, rewards: campaign.rewards }
      : null,
  };
}

/** The key of the form state entry (spec §3: entries keyed by associate id and campaign id). */
export function entryKeyOf(target: DonateTarget): string {
  return target.campaign ? `campaign:${target.campaign.id}` : `associate:${target.associate.id}`;
}

export function isCampaign(target: DonateTarget): boolean {
  return target.campaign !== null;
}
