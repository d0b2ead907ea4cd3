// The platform's review of a campaign's rewards (issue 15, spec §4 reward review, §7
// reward-review-request and reward-check): the campaign's owner asks, Kifu's staff approve or
// reject with a comment. Asking is refused while a review waits or the rewards as they are were
// approved; a reward changed since needs a new one (campaign-edit-view.ts rewardReviewOf).
import { mayRequestRewardReview, type api } from '@kifu/domain';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignRewardChecks, campaignRewards, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { rewardReviewOf } from './campaign-edit-view';
import { lockCampaign } from './manage-items';

type CheckRow = typeof campaignRewardChecks.$inferSelect;

export const toRewardCheck = (row: CheckRow): api.RewardCheck => ({
  id: row.id,
  campaign_id: row.campaignId,
  status: row.status,
  comment: row.comment,
  created_at: row.createdAt.toISOString(),
  reviewed_at: row.reviewedAt?.toISOString() ?? null,
});

export function requestRewardReview(db: Database, campaignId: number): Promise<CheckRow> {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    const rewards = await tx.select().from(campaignRewards).where(eq(campaignRewards.campaignId, campaignId));
    const review = await rewardReviewOf(tx, campaignId, rewards);
    if (!mayRequestRewardReview(review.state, rewards.length))
      throw new AppError('conflict', `a review cannot be asked for now (${review.state}, ${rewards.length} rewards)`);
    const [row] = await tx.insert(campaignRewardChecks).values({ campaignId }).returning();
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

export async function rewardCheckOf(db: Database, checkId: number): Promise<CheckRow> {
  const [row] = await db.select().from(campaignRewardChecks).where(eq(campaignRewardChecks.id, checkId));
  if (!row) throw new AppError('not_found', `reward check ${checkId} not found`);
  return row;
}

export async function isStaff(db: Database, userId: number): Promise<boolean> {
  const [user] = await db.select({ isStaff: users.isStaff }).from(users).where(eq(users.id, userId));
  return user?.isStaff === true;
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
