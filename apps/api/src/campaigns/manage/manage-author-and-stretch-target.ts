// Who a campaign's page names as its author, and its next goal (ADR 036, spec §7 custom-author and
// stretch-target). Each campaign has at most one of each (unique on the campaign), so PUT sets or
// replaces it. A stretch goal is only a goal beyond the first: above the campaign's goal.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { campaignCustomAuthors, campaignStretchGoals } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { demoImagePath } from '../../media/demo-image';
import type { MediaUrl } from '../../media/media-url';
import { lockCampaign } from './manage-items';

type AuthorRow = typeof campaignCustomAuthors.$inferSelect;

/** The custom author as the dashboard receives it (the same shape as editableCampaign.custom_author). */
export const customAuthor = z.object({ id: z.number().int(), name: z.string(), description: z.string(), image_url: z.string() });

export const toCustomAuthor = (row: AuthorRow, mediaUrl: MediaUrl): z.infer<typeof customAuthor> => ({
  id: row.id,
  name: row.name,
  description: row.description,
  image_url: mediaUrl(row.imagePath),
});

export async function setCustomAuthor(db: Database, campaignId: number, body: { name: string; description: string }): Promise<AuthorRow> {
  const [row] = await db
    .insert(campaignCustomAuthors)
    .values({ campaignId, name: body.name, description: body.description, imagePath: demoImagePath('avatar', `author-${campaignId}`) })
    .onConflictDoUpdate({ target: campaignCustomAuthors.campaignId, set: { name: body.name, description: body.description } })
    .returning();
  return row!;
}

export async function removeCustomAuthor(db: Database, author: AuthorRow): Promise<void> {
  await db.delete(campaignCustomAuthors).where(eq(campaignCustomAuthors.id, author.id));
}

/** Under the campaign's lock, so the goal it is compared with is the one that stays. */
export function setStretchTarget(db: Database, campaignId: number, body: { target_amount: number; description: string }) {
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
    return { target_amount: row!.targetAmount, description: row!.description };
  });
}

export async function removeStretchTarget(db: Database, campaignId: number): Promise<void> {
  await db.delete(campaignStretchGoals).where(eq(campaignStretchGoals.campaignId, campaignId));
}
