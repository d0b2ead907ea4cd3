// GET /campaign/{id}/edit/ (ADR 036): a campaign as its dashboard shows it — drafts, unpublished
// reports and the reward review included — for its owner or its associate's members. Texts are the
// stored ones (ja with their optional English twins), not localised, since this is what is edited;
// the associate's name and the parent's title come with their twins too, so /en shows English (ADR 056).
import {
  campaignDaysLeft,
  campaignEndDay,
  campaignPhase,
  campaignStartDay,
  campaignTypeLabel,
  mayCreateCampaignType,
  releaseChecks,
  releaseWaitsForApproval,
  type api,
  type CampaignPhase,
  type CampaignRole,
  type CampaignType,
  type RewardReviewState,
} from '@kifu/domain';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import * as t from '../../db/schema/index';
import type { MediaUrl } from '../../media/media-url';
import { donationTotals } from '../../read-models/donation-totals';
import type { CampaignRow } from '../campaign-summaries';
import { demoImagePath } from '../../media/demo-image';
import { startedByAssociate } from './campaign-access';
import { storyText } from './story-html';

type RewardRow = typeof t.campaignRewards.$inferSelect;

/**
 * The reward review as it stands: the latest request and its decision, unless a reward was added
 * or changed since that request — then the rewards as they are now have not been reviewed ('none').
 */
export async function rewardReviewOf(db: Database, campaignId: number, rewards: readonly RewardRow[]): Promise<api.RewardReview> {
  const [latest] = await db
    .select()
    .from(t.campaignRewardChecks)
    .where(eq(t.campaignRewardChecks.campaignId, campaignId))
    .orderBy(desc(t.campaignRewardChecks.createdAt), desc(t.campaignRewardChecks.id))
    .limit(1);
  const none: api.RewardReview = { state: 'none', comment: '', requested_at: null, reviewed_at: null };
  if (!latest) return none;
  const changedSince = rewards.some((reward) => reward.updatedAt.getTime() > latest.createdAt.getTime());
  if (changedSince) return none;
  return {
    state: latest.status as RewardReviewState,
    comment: latest.comment,
    requested_at: latest.createdAt.toISOString(),
    reviewed_at: latest.reviewedAt?.toISOString() ?? null,
  };
}

/** The placeholder picture a new draft starts with, drawn for its associate. */
export const draftVisualPath = (associateUid: string) => demoImagePath('visual', `campaign-draft-${associateUid}`);
const DRAFT_VISUAL_PREFIX = draftVisualPath('');
const isDraftPlaceholder = (path: string) => path.startsWith(DRAFT_VISUAL_PREFIX.replace(/\.svg$/, ''));

/**
 * Whether the campaign shows a picture of its own rather than the placeholder a new draft starts
 * with: an upload, or a demo campaign's picture drawn for it.
 */
export const hasOwnImage = (path: string) => !isDraftPlaceholder(path);

/** What a draft may become: the types its creator may start (all for a member of the associate). */
export function allowedTypes(role: CampaignRole, isMember: boolean): number[] {
  return [1, 2, 3, 4, 5, 6].filter((type) => mayCreateCampaignType(type as CampaignType, role === 'member' || isMember));
}

export async function campaignEditView(
  db: Database,
  campaign: CampaignRow,
  role: CampaignRole,
  isMember: boolean,
  mediaUrl: MediaUrl,
): Promise<api.EditableCampaign> {
  const id = campaign.id;
  const [associateRows, parentRows, rewards, usages, authorRows, stretchRows, reports, schedules, discounts, totalsOf] = await Promise.all([
    db.select().from(t.associates).where(eq(t.associates.id, campaign.associateId)),
    campaign.parentId === null
      ? Promise.resolve([])
      : db
          .select({ id: t.campaigns.id, title: t.campaigns.title, title_en: t.campaigns.titleEn })
          .from(t.campaigns)
          .where(eq(t.campaigns.id, campaign.parentId)),
    db
      .select()
      .from(t.campaignRewards)
      .where(eq(t.campaignRewards.campaignId, id))
      .orderBy(asc(t.campaignRewards.sortOrder), asc(t.campaignRewards.id)),
    db
      .select()
      .from(t.campaignUsages)
      .where(eq(t.campaignUsages.campaignId, id))
      .orderBy(asc(t.campaignUsages.sortOrder), asc(t.campaignUsages.id)),
    db.select().from(t.campaignCustomAuthors).where(eq(t.campaignCustomAuthors.campaignId, id)),
    db.select().from(t.campaignStretchGoals).where(eq(t.campaignStretchGoals.campaignId, id)),
    db.select().from(t.campaignReports).where(eq(t.campaignReports.campaignId, id)).orderBy(desc(t.campaignReports.id)),
    db
      .select()
      .from(t.campaignReportSchedules)
      .where(eq(t.campaignReportSchedules.campaignId, id))
      .orderBy(asc(t.campaignReportSchedules.dueOn), asc(t.campaignReportSchedules.id)),
    db.select().from(t.campaignDiscounts).where(eq(t.campaignDiscounts.campaignId, id)).orderBy(asc(t.campaignDiscounts.id)),
    donationTotals(db, 'campaignId', [id]),
  ]);
  const reportIds = reports.map((report) => report.id);
  const fulfilled =
    reportIds.length === 0
      ? []
      : await db
          .select({ id: t.campaignReportSchedules.id, reportId: t.campaignReportSchedules.reportId })
          .from(t.campaignReportSchedules)
          .where(inArray(t.campaignReportSchedules.reportId, reportIds));
  const associate = associateRows[0]!;
  const review = await rewardReviewOf(db, id, rewards);
  const ownedByAssociate = await startedByAssociate(db, campaign);
  const now = new Date();
  const released = campaign.status !== 'draft';
  const status = released ? campaignPhase(campaign.status as CampaignPhase, campaign.endAt, now) : 'draft';
  const endOn = campaign.endAt ? campaignEndDay(campaign.endAt) : null;
  const author = authorRows[0];
  const stretch = stretchRows[0];
  return {
    id,
    status,
    type: campaign.type,
    type_label: campaignTypeLabel[campaign.type as CampaignType],
    allowed_types: allowedTypes(role, isMember),
    role,
    associate: {
      id: associate.id,
      uid: associate.uid,
      name: associate.name,
      name_en: associate.nameEn,
      logo_url: mediaUrl(associate.logoPath),
    },
    parent: parentRows[0] ?? null,
    title: campaign.title,
    title_en: campaign.titleEn,
    summary: campaign.summary,
    summary_en: campaign.summaryEn,
    story_html: campaign.storyHtml,
    story_html_en: campaign.storyHtmlEn,
    main_visual_url: mediaUrl(campaign.mainVisualPath),
    has_own_main_visual: hasOwnImage(campaign.mainVisualPath),
    goal_amount: campaign.goalAmount,
    start_on: campaignStartDay(campaign.startAt),
    end_on: endOn,
    raised_amount: totalsOf(id).raised,
    supporter_count: totalsOf(id).supporters,
    days_left: released ? campaignDaysLeft(campaign.status as CampaignPhase, campaign.endAt, now) : null,
    rewards: rewards.map((reward) => ({
      id: reward.id,
      title: reward.title,
      description: reward.description,
      amount: reward.amount,
      stock: reward.stock,
      applied_count: reward.appliedCount,
      shipping_month: reward.shippingMonth,
      image_url: mediaUrl(reward.imagePath),
    })),
    usages: usages.map((usage) => ({
      id: usage.id,
      title: usage.title,
      description: usage.description,
      amount: usage.amount,
      image_url: mediaUrl(usage.imagePath),
    })),
    reward_review: review,
    custom_author: author
      ? { id: author.id, name: author.name, description: author.description, image_url: mediaUrl(author.imagePath) }
      : null,
    stretch_goal: stretch ? { target_amount: stretch.targetAmount, description: stretch.description } : null,
    reports: reports.map((report) => ({
      id: report.id,
      title: report.title,
      body: report.body,
      main_visual_url: mediaUrl(report.mainVisualPath),
      published_at: report.publishedAt?.toISOString() ?? null,
      schedule_ids: fulfilled.filter((row) => row.reportId === report.id).map((row) => row.id),
    })),
    schedules: schedules.map((schedule) => ({
      id: schedule.id,
      title: schedule.title,
      due_on: schedule.dueOn,
      report_id: schedule.reportId,
    })),
    discounts: discounts.map((discount) => ({
      id: discount.id,
      code: discount.code,
      discount_amount: discount.discountAmount,
      is_active: discount.isActive,
      valid_until: discount.validUntil ? campaignEndDay(discount.validUntil) : null,
    })),
    release_checks: releaseChecks(
      {
        title: campaign.title,
        summary: campaign.summary,
        storyText: campaign.storyHtml ? storyText(campaign.storyHtml) : campaign.body,
        hasOwnMainVisual: hasOwnImage(campaign.mainVisualPath),
        goalAmount: campaign.goalAmount,
        endOn,
        rewardCount: rewards.length,
        rewardReview: review.state,
      },
      now,
    ),
    approval: {
      required: releaseWaitsForApproval({
        startedByAssociate: ownedByAssociate,
        callerRunsAssociate: isMember,
        approval: campaign.approvalStatus,
      }),
      status: campaign.approvalStatus,
      requested_at: campaign.approvalRequestedAt?.toISOString() ?? null,
      decided_at: campaign.approvalDecidedAt?.toISOString() ?? null,
      reason: campaign.approvalReason,
    },
    released_at: campaign.releasedAt?.toISOString() ?? null,
    updated_at: campaign.updatedAt.toISOString(),
  };
}
