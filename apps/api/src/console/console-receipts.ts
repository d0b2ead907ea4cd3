// The console's receipts (ADR 066): every tax receipt the associate issued, current or voided, a
// staff copy of a current one, and the reissue of one whose name or address was wrong. A reissue
// never edits a receipt: the old one is voided and a new one, with the next number of its year,
// carries the corrected name and address — and so do its gifts from then on (a new donor snapshot,
// so the donor register and the gift's page say the same). Written to the audit log with the
// reason, and the supporter is mailed where to find the new receipt.
import { type api, japanIsoDate, receiptNumber, type Locale } from '@kifu/domain';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations, donors, receipts } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { claimOnce } from '../lib/idempotency';
import { containsPattern } from '../lib/like-pattern';
import { pageOf, pageWindow } from '../lib/paginate';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';
import { nextSequence, type IssuedReceipt } from '../receipts/issue-receipt';
import { donorAddressOf, donorNameOf } from '../receipts/receipt-for-document';
import { receiptGifts } from '../receipts/receipt-gifts';
import { recordAudit } from './audit-log';
import type { ConsoleCaller } from './console-access';

type ReceiptRow = typeof receipts.$inferSelect;
type DonorRow = typeof donors.$inferSelect;

function consoleReceiptOf(receipt: ReceiptRow, donor: DonorRow): api.ConsoleReceipt {
  return {
    id: receipt.id,
    number: receipt.number,
    kind: receipt.kind,
    year: receipt.year,
    issued_at: receipt.issuedAt.toISOString(),
    amount: receipt.amount,
    name: donorNameOf(donor),
    address: donorAddressOf(donor),
    gift_ids: receipt.donationIds,
    state: receipt.supersededAt ? 'voided' : 'current',
    voided_at: receipt.supersededAt?.toISOString() ?? null,
    issue_count: receipt.issueCount,
  };
}

export async function listConsoleReceipts(
  db: Database,
  associateId: number,
  query: api.ConsoleReceiptsQuery,
): Promise<api.ConsoleReceipts> {
  const conditions: (SQL | undefined)[] = [eq(receipts.associateId, associateId)];
  if (query.year) conditions.push(eq(receipts.year, query.year));
  if (query.state) conditions.push(query.state === 'voided' ? isNotNull(receipts.supersededAt) : isNull(receipts.supersededAt));
  if (query.q) {
    const compact = containsPattern(query.q.replace(/[\s\u3000]+/g, ''));
    conditions.push(
      or(
        eq(receipts.number, query.q),
        sql`replace(${donors.lastName} || ${donors.firstName}, ' ', '') ilike ${compact}`,
        ilike(sql`${donors.lastNameKana} || ${donors.firstNameKana}`, compact),
      ),
    );
  }
  const { limit, offset } = pageWindow(query);
  const [rows, years] = await Promise.all([
    db
      .select({ receipt: receipts, donor: donors, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(receipts)
      .innerJoin(donors, eq(donors.id, receipts.donorId))
      .where(and(...conditions))
      .orderBy(desc(receipts.issuedAt), desc(receipts.id))
      .limit(limit)
      .offset(offset),
    db.selectDistinct({ year: receipts.year }).from(receipts).where(eq(receipts.associateId, associateId)).orderBy(desc(receipts.year)),
  ]);
  return {
    ...pageOf(
      query,
      rows[0]?.total ?? 0,
      rows.map(({ receipt, donor }) => consoleReceiptOf(receipt, donor)),
    ),
    years: years.map((row) => row.year),
  };
}

/** A current receipt of the associate as the supporter holds it, for a staff copy (never counted as handed out). */
export async function receiptForStaff(db: Database, associateId: number, receiptId: number): Promise<IssuedReceipt> {
  const [receipt] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.id, receiptId), eq(receipts.associateId, associateId)))
    .limit(1);
  if (!receipt) throw new AppError('not_found', `receipt ${receiptId} not found`);
  if (receipt.supersededAt) throw new AppError('conflict', `receipt_voided: receipt ${receipt.number} was voided`);
  const gifts = await receiptGifts(db, inArray(donations.id, receipt.donationIds));
  return { receipt, reissue: false, gifts };
}

/** Voids the receipt and issues it again, with a new number, to the corrected name and address. */
export async function reissueReceipt(
  db: Database,
  caller: Pick<ConsoleCaller, 'associate' | 'userId' | 'label'>,
  receiptId: number,
  body: api.ReissueReceiptBody,
  links: MailLinks,
): Promise<api.ConsoleReceipt> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(receipts)
      .where(and(eq(receipts.id, receiptId), eq(receipts.associateId, caller.associate.id)))
      .for('update');
    if (!old) throw new AppError('not_found', `receipt ${receiptId} not found`);
    if (old.supersededAt) throw new AppError('conflict', `receipt_voided: receipt ${old.number} was voided and cannot be reissued`);
    const [before] = await tx.select().from(donors).where(eq(donors.id, old.donorId)).limit(1);
    const { id: _id, createdAt: _createdAt, ...kept } = before!;
    const [corrected] = await tx
      .insert(donors)
      .values({
        ...kept,
        lastName: body.last_name,
        firstName: before!.isCorporate ? '' : body.first_name,
        zipCode: body.address.postalCode,
        area: body.address.state,
        city: body.address.city,
        address1: body.address.street,
        address2: body.address.building ?? '',
      })
      .returning();
    const now = new Date();
    await tx.update(receipts).set({ supersededAt: now }).where(eq(receipts.id, old.id));
    const sequence = await nextSequence(tx, old.associateId, old.year);
    const [reissued] = await tx
      .insert(receipts)
      .values({
        kind: old.kind,
        associateId: old.associateId,
        year: old.year,
        sequence,
        number: receiptNumber(old.associateId, old.year, sequence),
        donationId: old.donationId,
        userId: old.userId,
        donorId: corrected!.id,
        amount: old.amount,
        donationIds: old.donationIds,
        issuedAt: now,
        lastIssuedAt: now,
        issueCount: 0,
      })
      .returning();
    // The gifts carry the corrected snapshot too: the register and the gift's page follow.
    await tx
      .update(donations)
      .set({ donorId: corrected!.id, updatedAt: sql`now()` })
      .where(inArray(donations.id, old.donationIds));
    await recordAudit(tx, caller, {
      action: 'receipt.reissue',
      subject: `receipt:${old.number}`,
      detail: { new_number: reissued!.number, reason: body.reason },
    });
    await queueReceiptReissued(tx, { old, reissued: reissued!, donor: corrected!, associate: caller.associate }, links);
    return consoleReceiptOf(reissued!, corrected!);
  });
}

async function queueReceiptReissued(
  tx: Database,
  input: { old: ReceiptRow; reissued: ReceiptRow; donor: DonorRow; associate: { name: string; nameEn: string | null } },
  links: MailLinks,
): Promise<void> {
  const { old, reissued, donor } = input;
  if (!donor.email || !(await claimOnce(tx, 'mail:receipt-reissued', String(reissued.id)))) return;
  const [gift] = await tx
    .select({ inEnglish: donations.inEnglish })
    .from(donations)
    .where(eq(donations.id, reissued.donationIds[0]!))
    .limit(1);
  const locale: Locale = gift?.inEnglish ? 'en' : 'ja';
  await enqueueMail(tx, {
    to: donor.email,
    locale,
    template: 'receipt-reissued',
    donationId: reissued.donationId ?? undefined,
    values: {
      name: donorNameOf(donor),
      associate: locale === 'en' ? (input.associate.nameEn ?? input.associate.name) : input.associate.name,
      old: old.number,
      number: reissued.number,
      date: japanIsoDate(reissued.issuedAt),
      link: reissuedReceiptLink(reissued, locale, links),
    },
  });
}

/**
 * Where the supporter downloads the new receipt: a combined one is offered on the tax summary of
 * its year (the support history lists each gift's own receipt, not the combined one the mail
 * names); a gift's, in the support history, or a guest's through the signed link.
 */
function reissuedReceiptLink(reissued: ReceiptRow, locale: Locale, links: MailLinks): string {
  if (reissued.kind === 'combined') return links.page(`/mypage/tax-summary/${reissued.year}`, locale);
  return reissued.userId !== null || reissued.donationId === null ? links.history(locale) : links.guestReceipt(reissued.donationId, locale);
}
