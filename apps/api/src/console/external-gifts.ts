// Gifts an associate received outside Kifu, imported from a CSV file in its console (ADR 077). The
// file is decoded and checked by packages/domain (external-gift-import.ts); here the rows are told
// apart from those stored before by their keys, imported all or nothing in one transaction with the
// associate's row locked (two imports of one file at once add its rows once), audited, listed and
// deleted an import at a time.
import { createHash } from 'node:crypto';
import {
  api,
  checkExternalGiftCsv,
  decodeCsvBytes,
  externalDonorKey,
  japanIsoDate,
  type ExternalGiftCsvRow,
  type ExternalGiftFileError,
  type ExternalGiftMethod,
} from '@kifu/domain';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, externalGiftImports, externalGifts } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { donorAddressOf } from '../receipts/receipt-for-document';
import { pageOf, pageWindow, type PageQuery } from '../lib/paginate';
import { recordAudit } from './audit-log';
import type { ConsoleCaller } from './console-access';

export interface ExternalGiftFile {
  name: string;
  bytes: Buffer;
}

/** Inserts a batch at a time: PostgreSQL takes at most 65,535 parameters in one statement. */
const INSERT_BATCH = 1_000;
/** Keys are looked up a batch at a time for the same reason. */
const LOOKUP_BATCH = 5_000;

const rowKeyHash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

type HeaderRule = (typeof api.EXTERNAL_GIFT_HEADER_RULES)[number];
const isHeaderRule = (rule: string): rule is HeaderRule => (api.EXTERNAL_GIFT_HEADER_RULES as readonly string[]).includes(rule);

/** A file that is not a CSV we can read at all — too large, binary, a NUL byte, too many rows — is a 400. */
function refuse(fileError: ExternalGiftFileError): never {
  throw new AppError('validation_failed', `the file cannot be imported: ${fileError.rule}`, { file: [fileError.rule] });
}

type Checked =
  | { kind: 'header'; rule: HeaderRule; column: string | null }
  | { kind: 'rows'; rowCount: number; rows: (ExternalGiftCsvRow & { hash: string })[]; errors: api.ExternalGiftRowErrorView[] };

function checkFile(file: ExternalGiftFile): Checked {
  const decoded = decodeCsvBytes(file.bytes);
  if (!decoded.ok) refuse(decoded.fileError);
  const result = checkExternalGiftCsv(decoded.text);
  if (!result.ok) {
    if (!isHeaderRule(result.fileError.rule)) refuse(result.fileError);
    return { kind: 'header', rule: result.fileError.rule, column: result.fileError.column ?? null };
  }
  return {
    kind: 'rows',
    rowCount: result.rowCount,
    rows: result.rows.map((row) => ({ ...row, hash: rowKeyHash(row.key) })),
    errors: result.errors,
  };
}

/** The hashes among `hashes` the associate has stored already. */
async function storedHashes(db: Database, associateId: number, hashes: string[]): Promise<Set<string>> {
  const stored = new Set<string>();
  for (let start = 0; start < hashes.length; start += LOOKUP_BATCH) {
    const batch = hashes.slice(start, start + LOOKUP_BATCH);
    const rows = await db
      .select({ rowKey: externalGifts.rowKey })
      .from(externalGifts)
      .where(and(eq(externalGifts.associateId, associateId), inArray(externalGifts.rowKey, batch)));
    for (const { rowKey } of rows) stored.add(rowKey);
  }
  return stored;
}

/** Which rows are new: not stored, and not a repeat of an earlier row of the same file. */
async function splitRows(db: Database, associateId: number, rows: (ExternalGiftCsvRow & { hash: string })[]) {
  const stored = await storedHashes(
    db,
    associateId,
    rows.map((row) => row.hash),
  );
  const fresh: typeof rows = [];
  const repeated: number[] = [];
  for (const row of rows) {
    if (stored.has(row.hash)) repeated.push(row.row);
    else {
      stored.add(row.hash);
      fresh.push(row);
    }
  }
  return { fresh, repeated };
}

export async function previewExternalGifts(db: Database, associateId: number, file: ExternalGiftFile): Promise<api.ExternalGiftPreview> {
  const checked = checkFile(file);
  if (checked.kind === 'header') {
    return {
      file_error: { rule: checked.rule, column: checked.column },
      row_count: 0,
      errors: [],
      new_count: 0,
      already_imported_rows: [],
    };
  }
  const { fresh, repeated } = await splitRows(db, associateId, checked.rows);
  return {
    file_error: null,
    row_count: checked.rowCount,
    errors: checked.errors,
    new_count: fresh.length,
    already_imported_rows: repeated,
  };
}

/**
 * Imports every new row of a file whose rows all pass, or nothing: a file with a failing row is a
 * 400 (the preview says which). Rows imported before are skipped, so the same file twice adds its
 * gifts once; an import that adds nothing writes nothing, not even its audit row.
 */
export async function importExternalGifts(
  db: Database,
  caller: ConsoleCaller,
  file: ExternalGiftFile,
): Promise<api.ExternalGiftImportResult> {
  const checked = checkFile(file);
  if (checked.kind === 'header') refuse({ rule: checked.rule });
  if (checked.errors.length > 0) {
    throw new AppError('validation_failed', `${checked.errors.length} cells of the file break a rule`, { file: ['value'] });
  }
  const associateId = caller.associate.id;
  const fileSha256 = createHash('sha256').update(file.bytes).digest('hex');
  return db.transaction(async (tx) => {
    await tx.select({ id: associates.id }).from(associates).where(eq(associates.id, associateId)).for('update');
    const { fresh, repeated } = await splitRows(tx, associateId, checked.rows);
    if (fresh.length === 0) return { import_id: null, imported: 0, already_imported: repeated.length };
    const [made] = await tx
      .insert(externalGiftImports)
      .values({
        associateId,
        importedBy: caller.userId,
        importedByLabel: caller.label,
        fileName: file.name,
        fileSha256,
        rowCount: fresh.length,
      })
      .returning({ id: externalGiftImports.id });
    const importId = made!.id;
    for (let start = 0; start < fresh.length; start += INSERT_BATCH) {
      await tx.insert(externalGifts).values(
        fresh.slice(start, start + INSERT_BATCH).map(({ gift, hash }) => ({
          associateId,
          importId,
          receivedOn: gift.receivedOn,
          name: gift.name,
          kana: gift.kana,
          email: gift.email,
          postalCode: gift.postalCode,
          prefecture: gift.prefecture,
          city: gift.city,
          street: gift.street,
          building: gift.building,
          amount: gift.amount,
          method: gift.method,
          memo: gift.memo,
          rowKey: hash,
        })),
      );
    }
    await recordAudit(tx, caller, {
      action: 'external_gifts.import',
      subject: `external_gift_import:${importId}`,
      rowCount: fresh.length,
      detail: { file_sha256: fileSha256, already_imported: repeated.length },
    });
    return { import_id: importId, imported: fresh.length, already_imported: repeated.length };
  });
}

/** Midnight in Japan of the day it was received: where the fiscal years (in Japan) put the gift. */
export const externalReceivedAt = (receivedOn: string) => new Date(`${receivedOn}T00:00:00+09:00`);

/**
 * The associate's external gifts received in [start, end) — bounds at midnight in Japan, as
 * fiscalYearRange gives them — oldest first, each with its donor's key (domain externalDonorKey):
 * what the donor register and the public-support test tracker read beside the paid donations.
 */
export async function externalGiftsBetween(db: Database, associateId: number, start: Date, end: Date) {
  const rows = await db
    .select()
    .from(externalGifts)
    .where(
      and(
        eq(externalGifts.associateId, associateId),
        gte(externalGifts.receivedOn, japanIsoDate(start)),
        lt(externalGifts.receivedOn, japanIsoDate(end)),
      ),
    )
    .orderBy(asc(externalGifts.receivedOn), asc(externalGifts.id));
  return rows.map((gift) => ({
    gift,
    donorKey: externalDonorKey(gift),
    receivedAt: externalReceivedAt(gift.receivedOn),
    address: externalGiftAddress(gift),
    method: gift.method as ExternalGiftMethod,
  }));
}

/** The address as the donor register prints a donor's. */
export function externalGiftAddress(
  gift: Pick<typeof externalGifts.$inferSelect, 'postalCode' | 'prefecture' | 'city' | 'street' | 'building'>,
) {
  return donorAddressOf({
    zipCode: gift.postalCode,
    area: gift.prefecture,
    city: gift.city,
    address1: gift.street,
    address2: gift.building,
  });
}

export async function listExternalGifts(db: Database, associateId: number, page: PageQuery): Promise<api.ExternalGiftList> {
  const { limit, offset } = pageWindow(page);
  const rows = await db
    .select({ gift: externalGifts, import: externalGiftImports, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(externalGifts)
    .innerJoin(externalGiftImports, eq(externalGiftImports.id, externalGifts.importId))
    .where(eq(externalGifts.associateId, associateId))
    .orderBy(desc(externalGifts.receivedOn), desc(externalGifts.id))
    .limit(limit)
    .offset(offset);
  const count = rows[0]?.total ?? (await db.$count(externalGifts, eq(externalGifts.associateId, associateId)));
  return pageOf(
    page,
    count,
    rows.map(({ gift, import: made }) => ({
      id: gift.id,
      received_on: gift.receivedOn,
      name: gift.name,
      kana: gift.kana,
      postal_code: gift.postalCode,
      address: externalGiftAddress(gift),
      amount: gift.amount,
      method: gift.method as api.ExternalGiftView['method'],
      memo: gift.memo,
      import_id: made.id,
      file_name: made.fileName,
      imported_at: made.createdAt.toISOString(),
    })),
  );
}

/** The associate's imports, the latest first. */
export async function listExternalGiftImports(db: Database, associateId: number, page: PageQuery): Promise<api.ExternalGiftImportList> {
  const { limit, offset } = pageWindow(page);
  const rows = await db
    .select({ row: externalGiftImports, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(externalGiftImports)
    .where(eq(externalGiftImports.associateId, associateId))
    .orderBy(desc(externalGiftImports.createdAt), desc(externalGiftImports.id))
    .limit(limit)
    .offset(offset);
  const count = rows[0]?.total ?? (await db.$count(externalGiftImports, eq(externalGiftImports.associateId, associateId)));
  return pageOf(
    page,
    count,
    rows.map(({ row }) => ({ id: row.id, file_name: row.fileName, imported_at: row.createdAt.toISOString(), row_count: row.rowCount })),
  );
}

/** Deletes one import and its gifts (owners only), audited in the same transaction. */
export async function deleteExternalGiftImport(db: Database, caller: ConsoleCaller, importId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(externalGiftImports)
      .where(and(eq(externalGiftImports.id, importId), eq(externalGiftImports.associateId, caller.associate.id)))
      .returning({ id: externalGiftImports.id, rowCount: externalGiftImports.rowCount, fileSha256: externalGiftImports.fileSha256 });
    if (!gone) throw new AppError('not_found', `no import ${importId} of this associate`);
    await recordAudit(tx, caller, {
      action: 'external_gifts.delete',
      subject: `external_gift_import:${gone.id}`,
      rowCount: gone.rowCount,
      detail: { file_sha256: gone.fileSha256 },
    });
  });
}
