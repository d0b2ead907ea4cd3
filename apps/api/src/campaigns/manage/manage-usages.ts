// How a campaign's money will be used, on its dashboard (ADR 036, spec §7 /campaign/usage/): at
// most CAMPAIGN_LIMITS.usagesMax per campaign, counted under the campaign's lock. A usage is
// addressed by its own id; the campaign it belongs to decides who may change it.
import { CAMPAIGN_LIMITS, type api } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { campaignUsages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { demoImagePath } from '../../media/demo-image';
import type { MediaUrl } from '../../media/media-url';
import { changedFields, checkRoom, lockCampaign } from './manage-items';

type UsageRow = typeof campaignUsages.$inferSelect;
type UsageBody = Omit<z.infer<typeof api.usageBody>, 'campaign' | 'lang'>;

export const toEditableUsage = (row: UsageRow, mediaUrl: MediaUrl): z.infer<typeof api.editableUsage> => ({
  id: row.id,
  title: row.title,
  description: row.description,
  amount: row.amount,
  image_url: mediaUrl(row.imagePath),
});

export function addUsage(db: Database, campaignId: number, body: UsageBody): Promise<UsageRow> {
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

export async function changeUsage(db: Database, usage: UsageRow, body: Partial<UsageBody>): Promise<UsageRow> {
  const changes = changedFields(usage, { title: body.title, description: body.description, amount: body.amount });
  if (Object.keys(changes).length === 0) return usage;
  const [row] = await db.update(campaignUsages).set(changes).where(eq(campaignUsages.id, usage.id)).returning();
  if (!row) throw new AppError('not_found', `usage ${usage.id} not found`);
  return row;
}

export async function removeUsage(db: Database, usage: UsageRow): Promise<void> {
  await db.delete(campaignUsages).where(eq(campaignUsages.id, usage.id));
}
