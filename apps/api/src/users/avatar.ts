// The profile image of /mypage/profile (spec §3 avatarImage; ADR 031): checked and converted as
// every upload (media/uploaded-image.ts), stored as a 512×512 WebP (cropped to fill). Replacing or
// deleting removes the old file.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import type { FileStorage } from '../media/file-storage';
import { dropUploadedImage, newImageKey, toWebp, UPLOADS_PREFIX, UPLOAD_IMAGE_MAX_BYTES } from '../media/uploaded-image';

export const AVATAR_MAX_BYTES = UPLOAD_IMAGE_MAX_BYTES;
const AVATAR_SIZE = { width: 512, height: 512, fit: 'cover' } as const;

async function replaceAvatarPath(db: Database, storage: FileStorage, userId: number, path: string | null): Promise<void> {
  const [before] = await db.select({ path: users.avatarImagePath }).from(users).where(eq(users.id, userId)).limit(1);
  await db
    .update(users)
    .set({ avatarImagePath: path, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await dropUploadedImage(storage, before?.path);
}

/** Stores the new avatar and answers its media path. */
export async function setAvatar(db: Database, storage: FileStorage, userId: number, upload: Buffer): Promise<string> {
  const webp = await toWebp(upload, AVATAR_SIZE);
  const key = newImageKey('avatars', userId);
  await storage.put(key, webp);
  await replaceAvatarPath(db, storage, userId, `${UPLOADS_PREFIX}${key}`);
  return `${UPLOADS_PREFIX}${key}`;
}

export function deleteAvatar(db: Database, storage: FileStorage, userId: number): Promise<void> {
  return replaceAvatarPath(db, storage, userId, null);
}
