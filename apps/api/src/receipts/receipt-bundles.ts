// Receipt ZIPs (ADR 033, spec §7 /donation/receipt-zip-file/ and /donation/monthly-receipt-zip-file/):
// a supporter asks, a job draws every receipt and zips them into private file storage, the page
// /receipt-zip/download waits for it and fetches it. Kinds: a year's receipts, one recurring
// donation's receipts of a year, and the tax pack (summary + each organisation's combined receipt).
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { RECEIPT_ERRORS, receiptAvailability, type api, type Locale } from '@kifu/domain';
import archiver from 'archiver';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, receiptBundles, recurringDonations } from '../db/schema/index';
import { enqueueJob } from '../jobs/enqueue-job';
import { AppError } from '../lib/app-error';
import type { FileStorage } from '../media/file-storage';
import { drawReceipt } from './draw-receipt';
import { drawTaxSummary } from './draw-tax-summary';
import { handOutReceipts, issueCombinedReceipt, issueGiftReceipt, type IssuedReceipt } from './issue-receipt';
import { receiptDocument, supporterName } from './receipt-for-document';
import { paidInYear, receiptGifts } from './receipt-gifts';
import { taxSummary } from './tax-summary';

export const BUILD_RECEIPT_BUNDLE_JOB = 'build-receipt-bundle';
export const SWEEP_RECEIPT_BUNDLES_JOB = 'sweep-receipt-bundles';
/** A bundle is kept a week: long enough to come back for it, short enough not to pile up. */
const BUNDLE_KEPT_DAYS = 7;

type BundleRow = typeof receiptBundles.$inferSelect;
type BundleKind = BundleRow['kind'];

export function bundleView(bundle: BundleRow): api.ReceiptBundle {
  return {
    id: bundle.id,
    kind: bundle.kind,
    year: bundle.year,
    recurring_donation_id: bundle.recurringDonationId,
    status: bundle.status,
    file_count: bundle.fileCount,
    created_at: bundle.createdAt.toISOString(),
    expires_at: bundle.expiresAt.toISOString(),
  };
}

/**
 * Asks for a bundle. The same request while one is still being made answers that one, so a double
 * click or a retried request makes one ZIP, not two.
 */
export async function requestBundle(
  db: Database,
  input: { userId: number; kind: BundleKind; year: number; recurringDonationId?: number; locale: Locale },
  now = new Date(),
): Promise<BundleRow> {
  if (input.recurringDonationId !== undefined) {
    const [own] = await db
      .select({ id: recurringDonations.id })
      .from(recurringDonations)
      .where(and(eq(recurringDonations.id, input.recurringDonationId), eq(recurringDonations.userId, input.userId)))
      .limit(1);
    if (!own) throw new AppError('not_found', `recurring donation ${input.recurringDonationId} not found`);
  }
  return db.transaction(async (tx) => {
    const same = and(
      eq(receiptBundles.userId, input.userId),
      eq(receiptBundles.kind, input.kind),
      eq(receiptBundles.year, input.year),
      eq(receiptBundles.locale, input.locale),
      eq(receiptBundles.status, 'pending'),
      input.recurringDonationId === undefined ? undefined : eq(receiptBundles.recurringDonationId, input.recurringDonationId),
    );
    const [pending] = await tx.select().from(receiptBundles).where(same).orderBy(desc(receiptBundles.id)).limit(1).for('update');
    if (pending) return pending;
    const [bundle] = await tx
      .insert(receiptBundles)
      .values({
        userId: input.userId,
        kind: input.kind,
        year: input.year,
        recurringDonationId: input.recurringDonationId ?? null,
        locale: input.locale,
        expiresAt: new Date(now.getTime() + BUNDLE_KEPT_DAYS * 86_400_000),
      })
      .returning();
    await enqueueJob(tx, {
      kind: BUILD_RECEIPT_BUNDLE_JOB,
      payload: { bundleId: bundle!.id },
      dedupeKey: `receipt-bundle:${bundle!.id}`,
      maxAttempts: 3,
    });
    return bundle!;
  });
}

/** The supporter's own bundle of the given kinds; a stranger's is "not found". */
export async function ownBundle(db: Database, userId: number, bundleId: number, kinds: readonly BundleKind[]): Promise<BundleRow> {
  const [bundle] = await db
    .select()
    .from(receiptBundles)
    .where(and(eq(receiptBundles.id, bundleId), eq(receiptBundles.userId, userId)))
    .limit(1);
  if (!bundle || !kinds.includes(bundle.kind)) throw new AppError('not_found', `receipt bundle ${bundleId} not found`);
  return bundle;
}

export async function bundleBytes(storage: FileStorage, bundle: BundleRow, now = new Date()): Promise<Buffer> {
  if (bundle.status === 'failed') throw new AppError('conflict', RECEIPT_ERRORS.bundleFailed.en);
  if (bundle.status !== 'ready' || !bundle.fileKey) throw new AppError('conflict', RECEIPT_ERRORS.bundleNotReady.en);
  const bytes = bundle.expiresAt > now ? await storage.get(bundle.fileKey) : undefined;
  if (!bytes) throw new AppError('not_found', RECEIPT_ERRORS.bundleExpired.en);
  return bytes;
}

export function bundleFileName(bundle: BundleRow): string {
  const what = bundle.kind === 'tax_pack' ? 'tax-pack' : bundle.kind === 'monthly' ? `monthly-${bundle.recurringDonationId}` : 'receipts';
  return `kifu-${what}-${bundle.year}.zip`;
}

interface BundleFile {
  name: string;
  bytes: Buffer;
  /** The receipt the file is, counted as handed out when the ZIP is ready (ADR 057). */
  receiptId?: number;
}

async function zip(files: BundleFile[]): Promise<Buffer> {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    archive.on('error', reject);
  });
  archive.pipe(sink);
  for (const file of files) archive.append(file.bytes, { name: file.name, date: new Date(0) });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

async function receiptFile(db: Database, storage: FileStorage, issued: IssuedReceipt, english: boolean, prefix = ''): Promise<BundleFile> {
  const bytes = await drawReceipt(await receiptDocument(db, storage, issued, english));
  return { name: `${prefix}${issued.receipt.number}.pdf`, bytes, receiptId: issued.receipt.id };
}

async function giftReceiptFiles(db: Database, storage: FileStorage, bundle: BundleRow, english: boolean): Promise<BundleFile[]> {
  const gifts = await receiptGifts(
    db,
    and(
      eq(donations.userId, bundle.userId),
      paidInYear(bundle.year),
      bundle.recurringDonationId === null ? undefined : eq(donations.recurringDonationId, bundle.recurringDonationId),
    ),
  );
  const files: BundleFile[] = [];
  for (const gift of gifts.filter((candidate) => receiptAvailability(candidate) === 'available')) {
    files.push(await receiptFile(db, storage, await issueGiftReceipt(db, gift.id, { handOut: false }), english));
  }
  return files;
}

async function taxPackFiles(db: Database, storage: FileStorage, bundle: BundleRow, english: boolean): Promise<BundleFile[]> {
  const summary = await taxSummary(db, bundle.userId, bundle.year, bundle.locale as Locale, (path) => path);
  const donorName = await supporterName(db, bundle.userId);
  const files: BundleFile[] = [
    { name: `tax-summary-${bundle.year}.pdf`, bytes: await drawTaxSummary(summary, donorName, bundle.locale as Locale) },
  ];
  const associateIds = [
    ...new Set(
      (await receiptGifts(db, and(eq(donations.userId, bundle.userId), paidInYear(bundle.year))))
        .filter((gift) => receiptAvailability(gift) === 'available')
        .map((gift) => gift.associateId),
    ),
  ];
  for (const associateId of associateIds) {
    const issued = await issueCombinedReceipt(db, { userId: bundle.userId, associateId, year: bundle.year }, { handOut: false });
    files.push(await receiptFile(db, storage, issued, english, 'combined-'));
  }
  return files;
}

/**
 * The job: draws the files, stores the ZIP, marks the bundle ready (or failed on its last try). Its
 * receipts count as handed out in the same transaction that makes it ready, so a try that failed
 * half-way leaves no receipt marked 再発行 for the next one (ADR 057).
 */
export async function buildBundle(db: Database, storage: FileStorage, bundleId: number, lastAttempt: boolean): Promise<void> {
  const [bundle] = await db.select().from(receiptBundles).where(eq(receiptBundles.id, bundleId)).limit(1);
  if (!bundle || bundle.status !== 'pending') return;
  try {
    const english = bundle.locale === 'en';
    const files =
      bundle.kind === 'tax_pack' ? await taxPackFiles(db, storage, bundle, english) : await giftReceiptFiles(db, storage, bundle, english);
    const key = `receipt-bundles/${bundle.id}-${randomBytes(8).toString('hex')}.zip`;
    await storage.put(key, await zip(files));
    await db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(receiptBundles)
        .set({ status: 'ready', fileKey: key, fileCount: files.length, readyAt: now })
        .where(eq(receiptBundles.id, bundle.id));
      await handOutReceipts(
        tx,
        files.flatMap((file) => (file.receiptId === undefined ? [] : [file.receiptId])),
        now,
      );
    });
  } catch (error) {
    if (lastAttempt) await db.update(receiptBundles).set({ status: 'failed' }).where(eq(receiptBundles.id, bundle.id));
    throw error;
  }
}

/** Deletes expired bundles and their files. */
export async function sweepExpiredBundles(db: Database, storage: FileStorage, now = new Date()): Promise<number> {
  const expired = await db.select().from(receiptBundles).where(lt(receiptBundles.expiresAt, now)).limit(500);
  for (const bundle of expired) {
    if (bundle.fileKey) await storage.delete(bundle.fileKey);
    await db.delete(receiptBundles).where(eq(receiptBundles.id, bundle.id));
  }
  return expired.length;
}
