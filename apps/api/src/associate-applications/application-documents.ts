// The documents an organisation sends with its application (ADR 078): its articles, registration
// or certification, as a PDF or an image. They are private: stored under a folder the public media
// route does not serve (media/routes.ts), read only through the API by the applicant and Kifu's
// staff. A PDF is taken as sent once its bytes start as a PDF does; an image is re-encoded as WebP
// (its metadata, a photo's location included, dropped) through the upload path every image takes.
import { randomBytes } from 'node:crypto';
import { APPLICATION_DOCUMENT_MAX_BYTES, APPLICATION_DOCUMENTS_MAX, type api } from '@kifu/domain';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { associateApplicationDocuments } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import type { FileStorage } from '../media/file-storage';
import { toWebp } from '../media/uploaded-image';

type DocumentRow = typeof associateApplicationDocuments.$inferSelect;
const FOLDER = 'application-documents';
/** A scan of an A4 page read on screen: enough for a reviewer to read small print. */
const DOCUMENT_IMAGE_SIZE = { width: 2480, height: 3508, fit: 'inside' } as const;
const PDF_MAGIC = Buffer.from('%PDF-');
/** Documents not yet part of an application a user may hold: a form's worth twice over. */
const LOOSE_DOCUMENTS_MAX = APPLICATION_DOCUMENTS_MAX * 2;

export const toApplicationDocument = (row: DocumentRow): api.ApplicationDocument => ({
  id: row.id,
  file_name: row.fileName,
  content_type: row.contentType as api.ApplicationDocument['content_type'],
  byte_size: row.byteSize,
  created_at: row.createdAt.toISOString(),
});

/** The name shown to staff: the browser's file name without folders or control characters, bounded. */
function displayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\p{Surrogate}/gu, '')
    .trim();
  return clean.slice(0, 120) || 'document';
}

/** The multipart field `file` and its name, or a 400 naming what is wrong. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) throw new AppError('validation_failed', 'send the document as multipart/form-data', { file: ['required'] });
  const part = await request.file();
  if (!part || part.fieldname !== 'file')
    throw new AppError('validation_failed', 'the document goes in the field `file`', { file: ['required'] });
  try {
    return { bytes: await part.toBuffer(), name: displayName(part.filename) };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('validation_failed', `the document is larger than ${APPLICATION_DOCUMENT_MAX_BYTES} bytes`, { file: ['max'] });
    throw error;
  }
}

/** Stores an uploaded document as the user's, not yet part of any application. */
export async function uploadApplicationDocument(
  deps: { db: Database; storage: FileStorage },
  userId: number,
  request: FastifyRequest,
): Promise<DocumentRow> {
  const [loose] = await deps.db
    .select({ n: count() })
    .from(associateApplicationDocuments)
    .where(and(eq(associateApplicationDocuments.uploaderId, userId), isNull(associateApplicationDocuments.applicationId)));
  if ((loose?.n ?? 0) >= LOOSE_DOCUMENTS_MAX) throw new AppError('conflict', 'too many documents wait for an application');
  const { bytes, name } = await readUpload(request);
  if (bytes.length === 0) throw new AppError('validation_failed', 'the document is empty', { file: ['required'] });
  const isPdf = bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
  // Not a PDF: it must be an image sharp reads (toWebp refuses anything else at `file`).
  const stored = isPdf ? bytes : await toWebp(bytes, DOCUMENT_IMAGE_SIZE);
  const extension = isPdf ? 'pdf' : 'webp';
  const key = `${FOLDER}/${userId}-${randomBytes(12).toString('hex')}.${extension}`;
  await deps.storage.put(key, stored);
  const [row] = await deps.db
    .insert(associateApplicationDocuments)
    .values({
      uploaderId: userId,
      storageKey: key,
      fileName: isPdf || /\.webp$/i.test(name) ? name : `${name.replace(/\.[^.]*$/, '')}.webp`,
      contentType: isPdf ? 'application/pdf' : 'image/webp',
      byteSize: stored.length,
    })
    .returning();
  return row!;
}

/** A document's row and bytes for its uploader or staff; 404 for anyone else, as if there were none. */
export async function readApplicationDocument(
  deps: { db: Database; storage: FileStorage },
  documentId: number,
  reader: { userId: number; isStaff: boolean },
): Promise<{ row: DocumentRow; bytes: Buffer }> {
  const [row] = await deps.db.select().from(associateApplicationDocuments).where(eq(associateApplicationDocuments.id, documentId));
  if (!row || (!reader.isStaff && row.uploaderId !== reader.userId)) throw new AppError('not_found', 'no such document');
  const bytes = await deps.storage.get(row.storageKey);
  if (!bytes) throw new AppError('not_found', 'the document file is gone');
  return { row, bytes };
}
