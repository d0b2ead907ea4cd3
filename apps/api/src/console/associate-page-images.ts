// The organisation's images, uploaded from its page editor (ADR 070) through the upload path every
// image takes (media/uploaded-image.ts: the type read from the bytes, 5 MB, the pixel limit, WebP at
// the size its page shows). The logo and the main visual are public (media route, folder
// `associates`); the issuer's seal (角印) is printed on the associate's receipts and is kept out of
// the public media route (folder `seals`), read only by the associate's members and the receipts.
// A change is one transaction with the associate's row locked that queues the web's page refresh
// (ADR 067); the old upload is removed once the new path is saved, the new one if saving failed.
import type { AssociatePageImageKind } from '@kifu/domain/associate-page';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client';
import { associates } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import type { FileStorage } from '../media/file-storage';
import { dropUploadedImage, newImageKey, toWebp, UPLOADS_PREFIX, type ImageSize } from '../media/uploaded-image';
import { enqueuePublicPagesRefresh } from '../public-pages/refresh-public-pages';

export const ASSOCIATE_IMAGE_SIZES = {
  /** Shown whole in a square (object-contain): a wide logo is fitted, never cropped. */
  logo: { width: 512, height: 512, fit: 'inside' },
  /** The page's banner and its share card: 40:21, as a campaign's main visual. */
  main_visual: { width: 1600, height: 840, fit: 'cover' },
  /** Printed about 2 cm wide on an A4 receipt: 600 pixels is 750 dpi there, and the seal's shape is kept. */
  seal: { width: 600, height: 600, fit: 'inside' },
} as const satisfies Record<AssociatePageImageKind, ImageSize>;

const COLUMNS = { logo: 'logoPath', main_visual: 'mainVisualPath', seal: 'sealPath' } as const;
/** The storage folder of each kind: `seals` is not one the public media route serves. */
export const SEAL_FOLDER = 'seals';
const FOLDERS = { logo: 'associates', main_visual: 'associates', seal: SEAL_FOLDER } as const;

/** Puts `path` in the associate's `kind` column under its row lock; answers the path it replaced. */
async function swapPath(db: Database, associateId: number, kind: AssociatePageImageKind, path: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(associates).where(eq(associates.id, associateId)).for('update');
    if (!row) throw new AppError('not_found', `associate ${associateId} not found`);
    await tx
      .update(associates)
      .set({ [COLUMNS[kind]]: path })
      .where(eq(associates.id, associateId));
    // The seal is on receipts only, which are drawn when asked for; the logo and visual show on every public page kind.
    if (kind !== 'seal') await enqueuePublicPagesRefresh(tx);
    return row[COLUMNS[kind]];
  });
}

export async function setAssociateImage(
  db: Database,
  storage: FileStorage,
  associateId: number,
  kind: AssociatePageImageKind,
  bytes: Buffer,
): Promise<void> {
  const webp = await toWebp(bytes, ASSOCIATE_IMAGE_SIZES[kind]);
  const key = newImageKey(FOLDERS[kind], associateId);
  await storage.put(key, webp);
  const path = `${UPLOADS_PREFIX}${key}`;
  let before: string | null;
  try {
    before = await swapPath(db, associateId, kind, path);
  } catch (error) {
    await dropUploadedImage(storage, path);
    throw error;
  }
  await dropUploadedImage(storage, before);
}

/** The seal taken off: receipts are printed without one again. */
export async function removeSeal(db: Database, storage: FileStorage, associateId: number): Promise<void> {
  await dropUploadedImage(storage, await swapPath(db, associateId, 'seal', null));
}

/** The seal's file name, which changes with each upload (so its address can be cached by the browser). */
export const sealFileName = (sealPath: string | null) => sealPath?.slice(`${UPLOADS_PREFIX}${SEAL_FOLDER}/`.length) ?? null;

export async function currentSealPath(db: Database, associateId: number): Promise<string | null> {
  const [row] = await db.select({ sealPath: associates.sealPath }).from(associates).where(eq(associates.id, associateId));
  return row?.sealPath ?? null;
}

/** The seal's WebP bytes, or undefined when there is none (or its file is gone). */
export async function sealWebp(storage: FileStorage, sealPath: string | null): Promise<Buffer | undefined> {
  if (!sealPath?.startsWith(UPLOADS_PREFIX)) return undefined;
  return storage.get(sealPath.slice(UPLOADS_PREFIX.length));
}

/** The seal as PNG for the receipt's PDF (PDFKit draws PNG and JPEG, not WebP); null without a seal. */
export async function sealPng(storage: FileStorage, sealPath: string | null): Promise<Buffer | null> {
  const webp = await sealWebp(storage, sealPath);
  return webp ? sharp(webp).png().toBuffer() : null;
}
