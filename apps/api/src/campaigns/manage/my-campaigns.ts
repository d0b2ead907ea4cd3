// GET /user/my_page/campaigns/ (ADR 036, /mypage/campaigns): the campaigns a user made and those of
// the associates they are a member of, drafts included, newest change first, each with its totals;
// and how many drafts the user has (draftCampaignCount on the user).
import {
  campaignDaysLeft,
  campaignPhase,
  campaignTypeLabel,
  type api,
  type CampaignPhase,
  type CampaignType,
  type Locale,
} from '@kifu/domain';
import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { associateMembers, associates, campaigns } from '../../db/schema/index';
import { localizer } from '../../lib/localize';
import type { MediaUrl } from '../../media/media-url';
import { donationTotals } from '../../read-models/donation-totals';
import { MANAGING_ROLES } from './campaign-access';

/** The most a page lists; a user runs a handful of campaigns, an associate's member perhaps dozens. */
const LIST_MAX = 200;

export async function draftCampaignCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(campaigns)
    .where(and(eq(campaigns.userId, userId), eq(campaigns.status, 'draft')));
  return row?.value ?? 0;
}

export async function myCampaigns(db: Database, userId: number, lang: Locale, mediaUrl: MediaUrl): Promise<api.MyCampaignList> {
  const memberOf = db
    .select({ id: associateMembers.associateId })
    .from(associateMembers)
    .where(and(eq(associateMembers.userId, userId), inArray(associateMembers.role, MANAGING_ROLES)));
  const rows = await db
    .select({ campaign: campaigns, associate: associates })
    .from(campaigns)
    .innerJoin(associates, eq(associates.id, campaigns.associateId))
    .where(or(eq(campaigns.userId, userId), inArray(campaigns.associateId, memberOf)))
    .orderBy(desc(campaigns.updatedAt), desc(campaigns.id))
    .limit(LIST_MAX);
  const [totalsOf, drafts] = await Promise.all([
    donationTotals(
      db,
      'campaignId',
      rows.map(({ campaign }) => campaign.id),
    ),
    draftCampaignCount(db, userId),
  ]);
  const tr = localizer(lang);
  const now = new Date();
  return {
    draft_count: drafts,
    results: rows.map(({ campaign, associate }) => {
      const released = campaign.status !== 'draft';
      return {
        id: campaign.id,
        title: tr(campaign, 'title'),
        status: released ? campaignPhase(campaign.status as CampaignPhase, campaign.endAt, now) : 'draft',
        type: campaign.type,
        type_label: campaignTypeLabel[campaign.type as CampaignType],
        role: campaign.userId === userId ? 'owner' : 'member',
        associate: { id: associate.id, uid: associate.uid, name: tr(associate, 'name'), logo_url: mediaUrl(associate.logoPath) },
        main_visual_url: mediaUrl(campaign.mainVisualPath),
        goal_amount: campaign.goalAmount,
        raised_amount: totalsOf(campaign.id).raised,
        supporter_count: totalsOf(campaign.id).supporters,
        days_left: released ? campaignDaysLeft(campaign.status as CampaignPhase, campaign.endAt, now) : null,
        updated_at: campaign.updatedAt.toISOString(),
      };
    }),
  };
}
