// The platform's review of a campaign's rewards (issue 15, spec §4 reward review, §7
// reward-review-request and reward-check): the campaign's owner asks, Kifu's staff approve or
// reject with a comment. Asking is refused while a review waits or the rewards as they are were
// approved; a reward changed since needs a new one (campaign-edit-view.ts rewardReviewOf). The
// campaign's team reads its reviews; staff read every campaign's, and only staff decide.
import { mayRequestRewardReview, type api } from '@kifu/domain';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignRewardChecks, campaignRewards, campaigns, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { rewardReviewOf } from './campaign-edit-view';
import { requireCampaignRole } from './campaign-access';
import { campaignItemOf, lockCampaign } from './manage-items';

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

/** Staff decide a waiting review; one already decided stays as it was (409). */
export function decideRewardCheck(db: Database, checkId: number, decision: { status: 'approved' | 'rejected'; comment: string }) {
  return db.transaction(async (tx) => {
    const [check] = await tx.select().from(campaignRewardChecks).where(eq(campaignRewardChecks.id, checkId)).for('update');
    if (!check) throw new AppError('not_found', `reward check ${checkId} not found`);
    if (check.status !== 'requested') throw new AppError('conflict', `reward check ${checkId} is already ${check.status}`);
    const [row] = await tx
      .update(campaignRewardChecks)
      .set({ status: decision.status, comment: decision.comment, reviewedAt: new Date() })
      .where(eq(campaignRewardChecks.id, checkId))
      .returning();
    return row!;
  });
}
