// Uploaded images (profile images, and a campaign's story, main visual, usage, reward, report and
// author images; ADRs 031 and 036): the type is read from the bytes (sharp), never from the name
// or the header the browser sent; JPEG, PNG, WebP or GIF up to UPLOAD_IMAGE_MAX_BYTES; stored as
// WebP resized to the size its page uses, metadata dropped, under a key of ours.
import { randomBytes } from 'node:crypto';
import { UPLOAD_IMAGE_MAX_PIXELS } from '@kifu/domain';
import type { FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../lib/app-error';
import type { FileStorage } from './file-storage';

export const UPLOAD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Stored paths of uploads start here; the rest of the path is the storage key. */
export const UPLOADS_PREFIX = 'uploads/';

/** How an image is stored: a box it fills (`cover`, cropped) or fits inside (`inside`, never enlarged). */
export interface ImageSize {
  width: number;
  height: number;
  fit: 'cover' | 'inside';
}

/** The multipart field `file` of the request, or a 400 naming what is wrong. */
export async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('validation_failed', 'send the image as multipart/form-data', { file: ['required'] });
  const part = await request.file();
  if (!part || part.fieldname !== 'file')
    throw new AppError('validation_failed', 'the image goes in the field `file`', { file: ['required'] });
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('validation_failed', 'the image is larger than 5 MB', { file: ['max'] });
    throw error;
  }
}

const tooManyPixels = () =>
  new AppError('validation_failed', `the image has more than ${UPLOAD_IMAGE_MAX_PIXELS} pixels`, { file: ['imagePixels'] });

export async function toWebp(bytes: Buffer, size: ImageSize): Promise<Buffer> {
  // The header alone (nothing is decoded yet): its format, and its width and height, which a tiny
  // file can set to 16000 × 16000 (ADR 055).
  let header: Metadata | undefined;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    header = undefined;
  }
  if (!header?.format || !ACCEPTED_FORMATS.has(header.format)) {
    throw new AppError('validation_failed', 'the image must be a JPEG, PNG, WebP or GIF image', { file: ['value'] });
  }
  // Only the first frame of an animation is decoded (animated: false), so that is what counts.
  const height = header.pageHeight ?? header.height ?? 0;
  if ((header.width ?? 0) * height > UPLOAD_IMAGE_MAX_PIXELS) throw tooManyPixels();
  try {
    return await sharp(bytes, { animated: false, limitInputPixels: UPLOAD_IMAGE_MAX_PIXELS })
      .rotate()
      .resize(size.width, size.height, { fit: size.fit, withoutEnlargement: size.fit === 'inside' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    // A header that understated the image: sharp's own limit stops the decoder.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw error;
  }
}

/** A new storage key in `folder` for an image of `owner` (a user or campaign id): never reused, so it can be cached for good. */
export function newImageKey(folder: string, owner: number): string {
  return `${folder}/${owner}-${randomBytes(8).toString('hex')}.webp`;
}

/** Removes the file behind a stored path if it is an upload (a seeded demo path is left alone). */
export async function dropUploadedImage(storage: FileStorage, path: string | null | undefined): Promise<void> {
  if (path?.startsWith(UPLOADS_PREFIX)) await storage.delete(path.slice(UPLOADS_PREFIX.length));
}
