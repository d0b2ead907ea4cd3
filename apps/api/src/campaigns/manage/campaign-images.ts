// A campaign's uploaded images (ADR 036), each stored at the size its page shows it
// (media/uploaded-image.ts): the main visual a 40:21 banner (the campaign page's and its share
// card's), story and report images up to the column's width, and the square pictures of rewards,
// usages and the custom author. Replacing an uploaded image removes the old file; demo images are
// never files.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/index';
import type { FileStorage } from '../../media/file-storage';
import { dropUploadedImage, newImageKey, toWebp, UPLOADS_PREFIX, type ImageSize } from '../../media/uploaded-image';

export const CAMPAIGN_IMAGE_SIZES = {
  mainVisual: { width: 1600, height: 840, fit: 'cover' },
  story: { width: 1200, height: 1600, fit: 'inside' },
  item: { width: 800, height: 800, fit: 'cover' },
} as const satisfies Record<string, ImageSize>;

/** Stores an image of campaign `campaignId` and answers its media path. */
export async function storeCampaignImage(storage: FileStorage, campaignId: number, bytes: Buffer, size: ImageSize): Promise<string> {
  const webp = await toWebp(bytes, size);
  const key = newImageKey('campaigns', campaignId);
  await storage.put(key, webp);
  return `${UPLOADS_PREFIX}${key}`;
}

export async function setMainVisual(db: Database, storage: FileStorage, campaignId: number, bytes: Buffer): Promise<void> {
  const path = await storeCampaignImage(storage, campaignId, bytes, CAMPAIGN_IMAGE_SIZES.mainVisual);
  const [before] = await db.select({ path: campaigns.mainVisualPath }).from(campaigns).where(eq(campaigns.id, campaignId));
  await db.update(campaigns).set({ mainVisualPath: path }).where(eq(campaigns.id, campaignId));
  await dropUploadedImage(storage, before?.path);
}

/** An image for the story or a report's body: kept as long as the campaign (the text may link to it). */
export function addStoryImage(storage: FileStorage, campaignId: number, bytes: Buffer): Promise<string> {
  return storeCampaignImage(storage, campaignId, bytes, CAMPAIGN_IMAGE_SIZES.story);
}
