// What the parts of a campaign edited on its dashboard share (ADR 036, spec §7 rewards, usage,
// custom-author, reward-check, discounts): the campaign's row lock, under which counts and limits
// hold when two tabs save at once; finding a part, which answers 404 when it is missing or belongs
// to another campaign, so ids of other campaigns give nothing away; saving only what changed; and
// replacing a part's image, whose previous upload is removed.
import { and, count, eq, getTableName } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  campaignCustomAuthors,
  campaignDiscounts,
  campaignRewardChecks,
  campaignRewards,
  campaigns,
  campaignUsages,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../media/file-storage';
import { dropUploadedImage } from '../../media/uploaded-image';
import { requireCampaignRole } from './campaign-access';
import { CAMPAIGN_IMAGE_SIZES, storeCampaignImage } from './campaign-images';

type ItemTable =
  typeof campaignRewards | typeof campaignUsages | typeof campaignCustomAuthors | typeof campaignDiscounts | typeof campaignRewardChecks;
type ImageTable = typeof campaignRewards | typeof campaignUsages | typeof campaignCustomAuthors;

export async function lockCampaign(tx: Database, campaignId: number) {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
  if (!row) throw new AppError('not_found', `campaign ${campaignId} not found`);
  return row;
}

/** Row `id` of `table`, of campaign `campaignId` when given, or 404. */
export async function campaignItemOf<T extends ItemTable>(
  db: Database,
  table: T,
  id: number,
  campaignId?: number,
): Promise<T['$inferSelect']> {
  const source = table as ItemTable;
  const byId = eq(source.id, id);
  const [row] = await db
    .select()
    .from(source)
    .where(campaignId === undefined ? byId : and(byId, eq(source.campaignId, campaignId)));
  if (!row) throw new AppError('not_found', `${getTableName(source)} ${id} not found`);
  return row as T['$inferSelect'];
}

/** A part addressed by its own id (a usage, the custom author) once `userId` may run its campaign; 404 otherwise. */
export async function campaignItemForUser<T extends ItemTable>(db: Database, table: T, id: number, userId: number) {
  const item = await campaignItemOf(db, table, id);
  await requireCampaignRole(db, item.campaignId, userId);
  return item;
}

/** 409 when the campaign already has `max` rows in `table`; call it under lockCampaign. */
export async function checkRoom(tx: Database, table: typeof campaignRewards | typeof campaignUsages, campaignId: number, max: number) {
  const [row] = await tx.select({ value: count() }).from(table).where(eq(table.campaignId, campaignId));
  if ((row?.value ?? 0) >= max) throw new AppError('conflict', `a campaign has at most ${max} of these`);
}

/**
 * The given fields of `next` that differ from `row`. A save that changes nothing writes nothing:
 * every write moves `updatedAt`, and a reward's moved `updatedAt` asks for a new review.
 */
export function changedFields<R extends object>(row: R, next: Partial<R>): Partial<R> {
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => value !== undefined && value !== row[key as keyof R]),
  ) as Partial<R>;
}

/**
 * Stores `bytes` as the square image of a reward, usage or custom author and removes the upload it
 * replaces. The row is locked while its path changes, so two uploads at once leave no file behind;
 * if the row went away meanwhile, the new file goes too. A reward's new image is a change to the
 * reward, so it needs a new review like any other.
 */
export async function replaceItemImage<T extends ImageTable>(
  db: Database,
  storage: FileStorage,
  table: T,
  item: { id: number; campaignId: number },
  bytes: Buffer,
): Promise<T['$inferSelect']> {
  const source = table as ImageTable;
  const path = await storeCampaignImage(storage, item.campaignId, bytes, CAMPAIGN_IMAGE_SIZES.item);
  let replaced: { before: string; after: T['$inferSelect'] };
  try {
    replaced = await db.transaction(async (tx) => {
      const [locked] = await tx.select({ path: source.imagePath }).from(source).where(eq(source.id, item.id)).for('update');
      if (!locked) throw new AppError('not_found', `${getTableName(source)} ${item.id} not found`);
      const [row] = await tx.update(source).set({ imagePath: path }).where(eq(source.id, item.id)).returning();
      return { before: locked.path, after: row as T['$inferSelect'] };
    });
  } catch (error) {
    await dropUploadedImage(storage, path);
    throw error;
  }
  await dropUploadedImage(storage, replaced.before);
  return replaced.after;
}
