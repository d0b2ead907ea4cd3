// The profile image of /mypage/profile (spec §3 avatarImage; issue 12): the type is read from the
// bytes (sharp), never from the name or the header the browser sent; JPEG, PNG, WebP or GIF up to
// AVATAR_MAX_BYTES; stored as a 512×512 WebP (cropped to fill), metadata dropped. Replacing or
// deleting removes the old file.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import type { FileStorage } from '../media/file-storage';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_SIZE = 512;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Stored paths of uploads start here; the rest of the path is the storage key. */
export const UPLOADS_PREFIX = 'uploads/';

async function toAvatarWebp(bytes: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('validation_failed', 'the avatar must be a JPEG, PNG, WebP or GIF image', { file: ['value'] });
  }
  // A decompression bomb is refused by sharp's own pixel limit (limitInputPixels).
  return sharp(bytes, { animated: false }).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
}

async function replaceAvatarPath(db: Database, storage: FileStorage, userId: number, path: string | null): Promise<void> {
  const [before] = await db.select({ path: users.avatarImagePath }).from(users).where(eq(users.id, userId)).limit(1);
  await db
    .update(users)
    .set({ avatarImagePath: path, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  if (before?.path?.startsWith(UPLOADS_PREFIX)) await storage.delete(before.path.slice(UPLOADS_PREFIX.length));
}

/** Stores the new avatar and answers its media path. */
export async function setAvatar(db: Database, storage: FileStorage, userId: number, upload: Buffer): Promise<string> {
  const webp = await toAvatarWebp(upload);
  const key = `avatars/${userId}-${randomBytes(8).toString('hex')}.webp`;
  await storage.put(key, webp);
  await replaceAvatarPath(db, storage, userId, `${UPLOADS_PREFIX}${key}`);
  return `${UPLOADS_PREFIX}${key}`;
}

export function deleteAvatar(db: Database, storage: FileStorage, userId: number): Promise<void> {
  return replaceAvatarPath(db, storage, userId, null);
}
