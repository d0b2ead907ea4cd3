// Reward stock (architecture.md §3: "concurrent supporters can never oversell a reward"). A reward
// is reserved by the donation that chose it, in the transaction that records the donation, with
// one conditional UPDATE: the row lock makes a concurrent reservation wait and then re-check the
// condition against the committed count, so the last unit goes to exactly one supporter. The
// reservation is released when that donation fails or expires (settle-donation-effects.ts).
// Neither touches the reward's updatedAt: it tells when the owner last changed the reward, which is
// what decides whether the reward review still holds (campaign-edit-view.ts rewardReviewOf).
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaignRewards } from '../db/schema/index';

/** True when a unit was reserved; false when the reward is sold out. Unlimited when stock is null. */
export async function reserveReward(tx: Database, rewardId: number): Promise<boolean> {
  const [reserved] = await tx
    .update(campaignRewards)
    .set({ appliedCount: sql`${campaignRewards.appliedCount} + 1`, updatedAt: sql`${campaignRewards.updatedAt}` })
    .where(
      and(eq(campaignRewards.id, rewardId), or(isNull(campaignRewards.stock), lt(campaignRewards.appliedCount, campaignRewards.stock))),
    )
    .returning({ id: campaignRewards.id });
  return reserved !== undefined;
}

/** Gives a reserved unit back; callers run it once per donation, on its way to a failed state. */
export async function releaseReward(tx: Database, rewardId: number): Promise<void> {
  await tx
    .update(campaignRewards)
    .set({ appliedCount: sql`${campaignRewards.appliedCount} - 1`, updatedAt: sql`${campaignRewards.updatedAt}` })
    .where(and(eq(campaignRewards.id, rewardId), gt(campaignRewards.appliedCount, 0)));
}
