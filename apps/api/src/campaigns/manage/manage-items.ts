// A campaign's parts edited on its dashboard (issue 15, spec §7 rewards, usage, custom-author,
// stretch-target): rewards and usages (each with an image), the custom author and the stretch goal.
// Each change runs with the campaign's row locked, so counts and limits hold under two tabs.
// Rewards someone already chose keep their price: a supporter paid for that reward as it was.
import { CAMPAIGN_LIMITS, type api } from '@kifu/domain';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { campaignCustomAuthors, campaignRewards, campaigns, campaignStretchGoals, campaignUsages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { demoImagePath } from '../../media/demo-image';
import type { MediaUrl } from '../../media/media-url';

type RewardBody = z.infer<typeof api.rewardBody>;
type UsageBody = z.infer<typeof api.usageBody>;

export async function lockCampaign(tx: Database, campaignId: number) {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
  if (!row) throw new AppError('not_found', `campaign ${campaignId} not found`);
  return row;
}

export const toEditableReward = (row: typeof campaignRewards.$inferSelect, mediaUrl: MediaUrl) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  amount: row.amount,
  stock: row.stock,
  applied_count: row.appliedCount,
  shipping_month: row.shippingMonth,
  image_url: mediaUrl(row.imagePath),
});

export const toEditableUsage = (row: typeof campaignUsages.$inferSelect, mediaUrl: MediaUrl) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  amount: row.amount,
  image_url: mediaUrl(row.imagePath),
});

export async function rewardOf(db: Database, campaignId: number, rewardId: number) {
  const [row] = await db
    .select()
    .from(campaignRewards)
    .where(and(eq(campaignRewards.id, rewardId), eq(campaignRewards.campaignId, campaignId)));
  if (!row) throw new AppError('not_found', `reward ${rewardId} not found`);
  return row;
}

export async function usageOf(db: Database, usageId: number) {
  const [row] = await db.select().from(campaignUsages).where(eq(campaignUsages.id, usageId));
  if (!row) throw new AppError('not_found', `usage ${usageId} not found`);
  return row;
}

async function checkRoom(tx: Database, table: typeof campaignRewards | typeof campaignUsages, campaignId: number, max: number) {
  const [row] = await tx.select({ value: count() }).from(table).where(eq(table.campaignId, campaignId));
  if ((row?.value ?? 0) >= max) throw new AppError('conflict', `a campaign has at most ${max} of these`);
}

export function addReward(db: Database, campaignId: number, body: RewardBody) {
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
        imagePath: demoImagePath('reward', `new-reward-${campaignId}`),
      })
      .returning();
    return row!;
  });
}

export function changeReward(db: Database, campaignId: number, rewardId: number, body: Partial<RewardBody>) {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    const reward = await rewardOf(tx, campaignId, rewardId);
    if (body.amount !== undefined && body.amount !== reward.amount && reward.appliedCount > 0)
      throw new AppError('conflict', 'supporters already chose this reward at its price', { amount: ['value'] });
    if (body.stock !== undefined && body.stock !== null && body.stock < reward.appliedCount)
      throw new AppError('validation_failed', `the stock cannot go below the ${reward.appliedCount} already chosen`, { stock: ['min'] });
    const [row] = await tx
      .update(campaignRewards)
      .set({
        ...(body.title === undefined ? {} : { title: body.title }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.amount === undefined ? {} : { amount: body.amount }),
        ...(body.stock === undefined ? {} : { stock: body.stock }),
        ...(body.shipping_month === undefined ? {} : { shippingMonth: body.shipping_month }),
        updatedAt: new Date(),
      })
      .where(eq(campaignRewards.id, rewardId))
      .returning();
    return row!;
  });
}

export function removeReward(db: Database, campaignId: number, rewardId: number) {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    const reward = await rewardOf(tx, campaignId, rewardId);
    if (reward.appliedCount > 0) throw new AppError('conflict', 'supporters already chose this reward');
    await tx.delete(campaignRewards).where(eq(campaignRewards.id, rewardId));
    return reward;
  });
}

export function addUsage(db: Database, campaignId: number, body: UsageBody) {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaignId);
    await checkRoom(tx, campaignUsages, campaignId, CAMPAIGN_LIMITS.usagesMax);
    const [row] = await tx
      .insert(campaignUsages)
      .values({
        campaignId,
        title: body.title,
        description: body.description,
        amount: body.amount,
        imagePath: demoImagePath('business', `new-usage-${campaignId}`),
      })
      .returning();
    return row!;
  });
}

export async function changeUsage(db: Database, usageId: number, body: Partial<UsageBody>) {
  const [row] = await db
    .update(campaignUsages)
    .set({
      ...(body.title === undefined ? {} : { title: body.title }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(body.amount === undefined ? {} : { amount: body.amount }),
    })
    .where(eq(campaignUsages.id, usageId))
    .returning();
  return row!;
}

export async function setCustomAuthor(db: Database, campaignId: number, body: { name: string; description: string }) {
  const [row] = await db
    .insert(campaignCustomAuthors)
    .values({ campaignId, name: body.name, description: body.description, imagePath: demoImagePath('avatar', `author-${campaignId}`) })
    .onConflictDoUpdate({ target: campaignCustomAuthors.campaignId, set: { name: body.name, description: body.description } })
    .returning();
  return row!;
}

export async function setStretchTarget(db: Database, campaignId: number, body: { target_amount: number; description: string }) {
  return db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (body.target_amount <= campaign.goalAmount)
      throw new AppError('validation_failed', 'the stretch goal must be above the goal', { target_amount: ['min'] });
    const [row] = await tx
      .insert(campaignStretchGoals)
      .values({ campaignId, targetAmount: body.target_amount, description: body.description })
      .onConflictDoUpdate({
        target: campaignStretchGoals.campaignId,
        set: { targetAmount: body.target_amount, description: body.description },
      })
      .returning();
    return row!;
  });
}
