// Issuing receipts (ADR 033). A receipt is issued once: the first request gives it the
// associate's next number for the year the money arrived; every later one draws the same row again.
// It is marked 再発行 (reissue) only when the donor was already handed that receipt (ADR 057):
// `issueCount` counts the hand-outs — a PDF answered to the donor, or a ZIP made ready for them —
// so a document drawn for a ZIP that failed and was retried, or one never handed out, does not
// make the first copy the donor gets look like a reissue. Both run in a transaction that first
// locks the supporter's row (or the donation's), so two requests at once cannot take two numbers.
import { receiptAvailability, receiptNumber, receiptYearOf, RECEIPT_ERRORS } from '@kifu/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, receiptCounters, receipts, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { paidInYear, receiptGifts, type ReceiptGift } from './receipt-gifts';

export type ReceiptRow = typeof receipts.$inferSelect;

export interface IssuedReceipt {
  receipt: ReceiptRow;
  /** True when the donor was handed this receipt before: the document says 再発行. */
  reissue: boolean;
  gifts: ReceiptGift[];
}

/**
 * `handOut: true` (a PDF answered to the donor) counts this drawing as handed out; false (a ZIP
 * being built) leaves that to handOutReceipts once the ZIP is ready.
 */
export interface IssueOptions {
  handOut: boolean;
  now?: Date;
}

const AVAILABILITY_ERRORS = {
  not_paid: () => new AppError('conflict', RECEIPT_ERRORS.notPaid.en),
  refunded: () => new AppError('conflict', RECEIPT_ERRORS.refunded.en),
  not_requested: () => new AppError('conflict', RECEIPT_ERRORS.notRequested.en),
} as const;

/** Throws the catalogue's reason when a gift cannot have a receipt. */
export function assertReceiptAvailable(gift: Pick<ReceiptGift, 'status' | 'needReceipt' | 'isAnonymous'>): void {
  const availability = receiptAvailability(gift);
  if (availability !== 'available') throw AVAILABILITY_ERRORS[availability]();
}

/** The associate's next receipt number for the year, taken inside the caller's transaction. */
export async function nextSequence(tx: Database, associateId: number, year: number): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ associateId, year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [receiptCounters.associateId, receiptCounters.year],
      set: { lastSequence: sql`${receiptCounters.lastSequence} + 1` },
    })
    .returning({ sequence: receiptCounters.lastSequence });
  return row!.sequence;
}

/** The existing receipt drawn again: a reissue if it was handed out before. */
async function drawAgain(tx: Database, receipt: ReceiptRow, gifts: ReceiptGift[], options: IssueOptions): Promise<IssuedReceipt> {
  const reissue = receipt.issueCount > 0;
  if (!options.handOut) return { receipt, reissue, gifts };
  const [updated] = await tx
    .update(receipts)
    .set({ issueCount: sql`${receipts.issueCount} + 1`, lastIssuedAt: options.now ?? new Date() })
    .where(eq(receipts.id, receipt.id))
    .returning();
  return { receipt: updated!, reissue, gifts };
}

/** Counts the receipts of a ZIP as handed out, in the transaction that makes the ZIP ready. */
export async function handOutReceipts(tx: Database, receiptIds: number[], now = new Date()): Promise<void> {
  if (receiptIds.length === 0) return;
  await tx
    .update(receipts)
    .set({ issueCount: sql`${receipts.issueCount} + 1`, lastIssuedAt: now })
    .where(inArray(receipts.id, receiptIds));
}

/** The receipt of one gift (which must be receivable: see assertReceiptAvailable). */
export async function issueGiftReceipt(db: Database, donationId: number, options: IssueOptions): Promise<IssuedReceipt> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.select({ id: donations.id }).from(donations).where(eq(donations.id, donationId)).for('update');
    const [gift] = await receiptGifts(tx, eq(donations.id, donationId));
    if (!gift) throw new AppError('not_found', RECEIPT_ERRORS.notFound.en);
    assertReceiptAvailable(gift);
    const [existing] = await tx
      .select()
      .from(receipts)
      .where(and(eq(receipts.kind, 'gift'), eq(receipts.donationId, donationId), isNull(receipts.supersededAt)))
      .limit(1);
    if (existing) return drawAgain(tx, existing, [gift], options);
    const year = receiptYearOf(gift.paidAt!);
    const sequence = await nextSequence(tx, gift.associateId, year);
    const [receipt] = await tx
      .insert(receipts)
      .values({
        kind: 'gift',
        associateId: gift.associateId,
        year,
        sequence,
        number: receiptNumber(gift.associateId, year, sequence),
        donationId,
        userId: gift.userId,
        donorId: gift.donorId!,
        amount: gift.amount,
        donationIds: [donationId],
        issuedAt: now,
        lastIssuedAt: now,
        issueCount: options.handOut ? 1 : 0,
      })
      .returning();
    return { receipt: receipt!, reissue: false, gifts: [gift] };
  });
}

/** The receivable gifts of a supporter to one associate in one year. */
export async function combinableGifts(db: Database, userId: number, associateId: number, year: number): Promise<ReceiptGift[]> {
  const gifts = await receiptGifts(db, and(eq(donations.userId, userId), eq(donations.associateId, associateId), paidInYear(year)));
  return gifts.filter((gift) => receiptAvailability(gift) === 'available');
}

/**
 * The combined receipt (合算) of a supporter's gifts to one associate in one year. Asked again with
 * the same gifts, it is a reissue; a gift received since makes a new receipt with a new number, and
 * the old one is marked superseded (its gifts are all on the new one).
 */
export async function issueCombinedReceipt(
  db: Database,
  input: { userId: number; associateId: number; year: number },
  options: IssueOptions,
): Promise<IssuedReceipt> {
  const { userId, associateId, year } = input;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const gifts = await combinableGifts(tx, userId, associateId, year);
    if (gifts.length === 0) throw new AppError('not_found', RECEIPT_ERRORS.nothingForYear.en);
    const ids = gifts.map((gift) => gift.id);
    const [current] = await tx
      .select()
      .from(receipts)
      .where(
        and(
          eq(receipts.kind, 'combined'),
          eq(receipts.associateId, associateId),
          eq(receipts.userId, userId),
          eq(receipts.year, year),
          isNull(receipts.supersededAt),
        ),
      )
      .limit(1);
    // The same gifts for the same total: a partial refund of one of them (ADR 064) makes a new one.
    const total = gifts.reduce((sum, gift) => sum + gift.amount, 0);
    if (current && sameIds(current.donationIds, ids) && current.amount === total) return drawAgain(tx, current, gifts, options);
    if (current) await tx.update(receipts).set({ supersededAt: now }).where(eq(receipts.id, current.id));
    const sequence = await nextSequence(tx, associateId, year);
    const [receipt] = await tx
      .insert(receipts)
      .values({
        kind: 'combined',
        associateId,
        year,
        sequence,
        number: receiptNumber(associateId, year, sequence),
        userId,
        // The name and address entered with the latest gift of the year.
        donorId: gifts.at(-1)!.donorId!,
        amount: total,
        donationIds: ids,
        issuedAt: now,
        lastIssuedAt: now,
        issueCount: options.handOut ? 1 : 0,
      })
      .returning();
    return { receipt: receipt!, reissue: false, gifts };
  });
}

function sameIds(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
