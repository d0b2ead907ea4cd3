// Supporters' fundraisers for a campaign (ADR 036, spec §2 /campaign/{id}/create-support-funding/
// {type}, §7 /campaign/support-funding/): a supporter starts a draft of their own whose parent is a
// public campaign; once released, it raises money that the parent shows as the total of its
// fundraisers and each one's share.
import { campaignPhase, type api, type CampaignPhase, type CampaignType, type Locale } from '@kifu/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { associates, campaigns, campaignSupportFundings, userProfiles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { localizer } from '../../lib/localize';
import { donationTotals } from '../../read-models/donation-totals';
import { requirePublicCampaign } from '../campaign-summaries';
import { createCampaign } from './create-campaign';

export async function startSupportFunding(db: Database, userId: number, parentId: number, type: CampaignType): Promise<number> {
  const parent = await requirePublicCampaign(db, parentId);
  // The campaign page invites fundraisers only on a campaign of its own (get-campaign.ts); a
  // fundraiser's fundraiser would not reach the first campaign's list of fundraisers and shares.
  if (parent.parentId !== null) throw new AppError('conflict', 'a fundraiser takes no fundraisers of its own');
  if (campaignPhase(parent.status as CampaignPhase, parent.endAt, new Date()) === 'closed')
    throw new AppError('conflict', 'the campaign has ended: it takes no new fundraisers');
  const [associate] = await db.select({ uid: associates.uid }).from(associates).where(eq(associates.id, parent.associateId));
  return createCampaign(db, userId, { associateUid: associate!.uid, type, templateId: null, parentId });
}

/** The parent's released fundraisers with what each raised and its whole-percent share of their total. */
export async function supportFundingsOf(db: Database, parentId: number, lang: Locale): Promise<api.SupportFundingList> {
  await requirePublicCampaign(db, parentId);
  const children = await db
    .select({ campaign: campaigns, nickname: userProfiles.nickname })
    .from(campaignSupportFundings)
    .innerJoin(campaigns, eq(campaigns.id, campaignSupportFundings.fundingCampaignId))
    .leftJoin(userProfiles, eq(userProfiles.userId, campaigns.userId))
    .where(and(eq(campaignSupportFundings.campaignId, parentId), ne(campaigns.status, 'draft')));
  const totalsOf = await donationTotals(
    db,
    'campaignId',
    children.map(({ campaign }) => campaign.id),
  );
  const raised = children.reduce((sum, { campaign }) => sum + totalsOf(campaign.id).raised, 0);
  const tr = localizer(lang);
  return {
    campaign_id: parentId,
    raised_by_children: raised,
    results: children
      .map(({ campaign, nickname }) => ({
        id: campaign.id,
        title: tr(campaign, 'title'),
        owner_name: nickname ?? '',
        raised_amount: totalsOf(campaign.id).raised,
        supporter_count: totalsOf(campaign.id).supporters,
        share_percent: raised === 0 ? 0 : Math.round((totalsOf(campaign.id).raised * 100) / raised),
      }))
      .sort((a, b) => b.raised_amount - a.raised_amount || a.id - b.id),
  };
}
