// The platform's review of a campaign's rewards (ADR 036, spec §4 reward review, §7
// reward-review-request and reward-check): the campaign's owner asks, Kifu's staff approve or
// reject with a comment. Asking is refused while a review waits or the rewards as they are were
// approved; a reward changed since needs a new one (campaign-edit-view.ts rewardReviewOf). The
// campaign's team reads its reviews; staff read every campaign's, list the waiting ones on their
// screen, and only staff decide. The decision is mailed to the campaign's owner in their language.
import { campaignTypeLabel, mayRequestRewardReview, type api, type CampaignType, type Locale } from '@kifu/domain';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { associates, campaignRewardChecks, campaignRewards, campaigns, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { localizer } from '../../lib/localize';
import { enqueueMail } from '../../mail/enqueue-mail';
import type { MailLinks } from '../../mail/mail-links';
import type { MediaUrl } from '../../media/media-url';
import { rewardReviewOf } from './campaign-edit-view';
import { requireCampaignRole } from './campaign-access';
import { campaignItemOf, lockCampaign } from './manage-items';
import { toEditableReward } from './manage-rewards';

type CheckRow = typeof campaignRewardChecks.$inferSelect;

export const toRewardCheck = (row: CheckRow): api.RewardCheck => ({
  id: row.id,
  campaign_id: row.campaignId,
  status: row.status,
  comment: row.comment,
  created_at: row.createdAt.toISOString(),
  reviewed_at: row.reviewedAt?.toISOString() ?? null,
});

/**
 * Under the campaign's lock: two requests at once make one review, the second finds it waiting
 * (409). The request is stamped after the lock, on the clock that stamps reward changes, so a
 * change saved while this waited for the lock is not taken for one made after the request.
 */
export function requestRewardReview(db: Database, campaignId: number): Promise<CheckRow> {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    const rewards = await tx.select().from(campaignRewards).where(eq(campaignRewards.campaignId, campaignId));
    const review = await rewardReviewOf(tx, campaignId, rewards);
    if (!mayRequestRewardReview(review.state, rewards.length))
      throw new AppError('conflict', `a review cannot be asked for now (${review.state}, ${rewards.length} rewards)`);
    const [row] = await tx.insert(campaignRewardChecks).values({ campaignId, createdAt: new Date() }).returning();
    return row!;
  });
}

export function rewardChecksOf(db: Database, campaignId: number): Promise<CheckRow[]> {
  return db
    .select()
    .from(campaignRewardChecks)
    .where(eq(campaignRewardChecks.campaignId, campaignId))
    .orderBy(desc(campaignRewardChecks.createdAt), desc(campaignRewardChecks.id));
}

export const rewardCheckOf = (db: Database, checkId: number) => campaignItemOf(db, campaignRewardChecks, checkId);

export async function isStaff(db: Database, userId: number): Promise<boolean> {
  const [user] = await db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, userId));
  return user?.isStaff === true;
}

export async function requireStaff(db: Database, userId: number): Promise<void> {
  if (!(await isStaff(db, userId))) throw new AppError('forbidden', "only Kifu's staff review rewards");
}

/** Whether `userId` may read campaign `campaignId`'s reviews: its team, or staff (404 otherwise, or when there is no such campaign). */
export async function requireReviewReader(db: Database, campaignId: number, userId: number): Promise<void> {
  if (!(await isStaff(db, userId))) {
    await requireCampaignRole(db, campaignId, userId);
    return;
  }
  const [campaign] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign) throw new AppError('not_found', `campaign ${campaignId} not found`);
}

/** The reviews waiting for staff, oldest first, each with its campaign and the rewards it covers. */
export async function waitingRewardChecks(db: Database, lang: Locale, mediaUrl: MediaUrl): Promise<api.WaitingRewardCheck[]> {
  const tr = localizer(lang);
  const waiting = await db
    .select({ check: campaignRewardChecks, campaign: campaigns, associateName: associates.name, associateNameEn: associates.nameEn })
    .from(campaignRewardChecks)
    .innerJoin(campaigns, eq(campaigns.id, campaignRewardChecks.campaignId))
    .innerJoin(associates, eq(associates.id, campaigns.associateId))
    .where(eq(campaignRewardChecks.status, 'requested'))
    .orderBy(asc(campaignRewardChecks.createdAt), asc(campaignRewardChecks.id));
  const campaignIds = waiting.map((row) => row.campaign.id);
  const rewards =
    campaignIds.length === 0
      ? []
      : await db
          .select()
          .from(campaignRewards)
          .where(inArray(campaignRewards.campaignId, campaignIds))
          .orderBy(asc(campaignRewards.amount), asc(campaignRewards.id));
  return waiting.map(({ check, campaign, associateName, associateNameEn }) => ({
    id: check.id,
    created_at: check.createdAt.toISOString(),
    campaign: {
      id: campaign.id,
      title: tr(campaign, 'title'),
      associate_name: tr({ name: associateName, nameEn: associateNameEn }, 'name'),
      type_label: campaignTypeLabel[campaign.type as CampaignType],
    },
    rewards: rewards.filter((reward) => reward.campaignId === campaign.id).map((reward) => toEditableReward(reward, mediaUrl)),
  }));
}

/** Tells the campaign's owner, if it has one, how the review went (queued with the decision). */
async function queueDecisionMail(tx: Database, links: MailLinks, check: CheckRow): Promise<void> {
  const [owner] = await tx
    .select({ email: users.email, locale: users.locale, campaign: campaigns })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(eq(campaigns.id, check.campaignId));
  if (!owner) return;
  const locale = owner.locale === 'en' ? 'en' : 'ja';
  await enqueueMail(tx, {
    to: owner.email,
    locale,
    template: check.status === 'approved' ? 'reward-review-approved' : 'reward-review-rejected',
    values: {
      campaign: localizer(locale)(owner.campaign, 'title'),
      comment: check.comment,
      link: links.page(`/campaign/${check.campaignId}/dashboard/campaign/check`, locale),
    },
  });
}

/** Staff decide a waiting review; one already decided stays as it was (409). The owner is mailed the decision. */
export function decideRewardCheck(
  db: Database,
  links: MailLinks,
  checkId: number,
  decision: { status: 'approved' | 'rejected'; comment: string },
) {
  return db.transaction(async (tx) => {
    const [check] = await tx.select().from(campaignRewardChecks).where(eq(campaignRewardChecks.id, checkId)).for('update');
    if (!check) throw new AppError('not_found', `reward check ${checkId} not found`);
    if (check.status !== 'requested') throw new AppError('conflict', `reward check ${checkId} is already ${check.status}`);
    const [row] = await tx
      .update(campaignRewardChecks)
      .set({ status: decision.status, comment: decision.comment, reviewedAt: new Date() })
      .where(eq(campaignRewardChecks.id, checkId))
      .returning();
    await queueDecisionMail(tx, links, row!);
    return row!;
  });
}
