// A campaign's rewards on its dashboard (ADR 036, spec §7 /campaign/{campaignId}/rewards/): at
// most CAMPAIGN_LIMITS.rewardsMax, counted under the campaign's lock. A reward someone already
// chose keeps its price and stays: a supporter gave for that reward as it was; its stock may grow
// but never drop below what was chosen.
import { CAMPAIGN_LIMITS, type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { campaignRewards } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { demoImagePath } from '../../media/demo-image';
import type { MediaUrl } from '../../media/media-url';
import { campaignItemOf, changedFields, checkRoom, lockCampaign } from './manage-items';

type RewardRow = typeof campaignRewards.$inferSelect;
type RewardBody = z.infer<typeof api.rewardBody>;

export const toEditableReward = (row: RewardRow, mediaUrl: MediaUrl): z.infer<typeof api.editableReward> => ({
  id: row.id,
  title: row.title,
  description: row.description,
  amount: row.amount,
  stock: row.stock,
  applied_count: row.appliedCount,
  shipping_month: row.shippingMonth,
  image_url: mediaUrl(row.imagePath),
});

export const rewardOf = (db: Database, campaignId: number, rewardId: number) => campaignItemOf(db, campaignRewards, rewardId, campaignId);

export function addReward(db: Database, campaignId: number, body: RewardBody): Promise<RewardRow> {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    await checkRoom(tx, campaignRewards, campaignId, CAMPAIGN_LIMITS.rewardsMax);
    const [row] = await tx
      .insert(campaignRewards)
      .values({
        campaignId,
        title: body.title,
        description: body.description,
        amount: body.amount,
        stock: body.stock,
        shippingMonth: body.shipping_month,
        // A picture until the owner uploads one, so the dashboard and the page never show a hole.
        imagePath: demoImagePath('reward', `new-${campaignId}`),
        // The clock reward-review.ts stamps requests with, so the review state compares like with like.
        updatedAt: new Date(),
      })
      .returning();
    return row!;
  });
}

export function changeReward(db: Database, campaignId: number, rewardId: number, body: Partial<RewardBody>): Promise<RewardRow> {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    const reward = await rewardOf(tx, campaignId, rewardId);
    const changes = changedFields(reward, {
      title: body.title,
      description: body.description,
      amount: body.amount,
      stock: body.stock,
      shippingMonth: body.shipping_month,
    });
    if (changes.amount !== undefined && reward.appliedCount > 0)
      throw new AppError('conflict', 'supporters already chose this reward at its price', { amount: ['value'] });
    if (changes.stock !== undefined && changes.stock !== null && changes.stock < reward.appliedCount)
      throw new AppError('validation_failed', `the stock cannot go below the ${reward.appliedCount} already chosen`, { stock: ['min'] });
    if (Object.keys(changes).length === 0) return reward;
    const [row] = await tx.update(campaignRewards).set(changes).where(eq(campaignRewards.id, rewardId)).returning();
    return row!;
  });
}

export function removeReward(db: Database, campaignId: number, rewardId: number): Promise<RewardRow> {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    const reward = await rewardOf(tx, campaignId, rewardId);
    if (reward.appliedCount > 0) throw new AppError('conflict', 'supporters already chose this reward');
    await tx.delete(campaignRewards).where(eq(campaignRewards.id, rewardId));
    return reward;
  });
}
