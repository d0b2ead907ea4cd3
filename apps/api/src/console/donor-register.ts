// The donor register of one of an associate's fiscal years (寄附者名簿, ADR 061), read for the
// console's page, its CSV and its PDF. The gifts are those the associate received in that fiscal
// year — paid, by paid_at in Japan, through a campaign or a portfolio part too; a refunded gift was
// not kept, so it is not in it. Who is who, what an anonymous gift keeps and the order are the
// domain's (packages/domain/src/donor-register.ts).
import {
  buildDonorRegister,
  donorRegisterDueDate,
  donorRegisterKey,
  fiscalYearLabel,
  fiscalYearOf,
  fiscalYearRange,
  keptAmount,
  type api,
  type DonorRegister,
  type DonorRegisterEntry,
  type DonorRegisterGift,
  type Locale,
} from '@kifu/domain';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, donations, donors } from '../db/schema/index';
import { donorAddressOf, donorNameOf } from '../receipts/receipt-for-document';
import { externalGiftsBetween } from './external-gifts';

export async function fiscalYearStartMonth(db: Database, associateId: number): Promise<number> {
  const [row] = await db.select({ month: associates.fiscalYearStartMonth }).from(associates).where(eq(associates.id, associateId));
  return row?.month ?? 4;
}

/**
 * The associate's paid gifts received in [start, end) with their donor snapshots, oldest first:
 * what the register and the public-support test tracker (ADR 071) both read.
 */
export function paidGiftsWithDonors(db: Database, associateId: number, start: Date, end: Date) {
  return db
    .select({ gift: donations, donor: donors })
    .from(donations)
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .where(
      and(eq(donations.associateId, associateId), eq(donations.status, 'paid'), gte(donations.paidAt, start), lt(donations.paidAt, end)),
    )
    .orderBy(asc(donations.paidAt), asc(donations.id));
}

export async function donorRegisterOf(db: Database, associateId: number, fiscalYear: number, startMonth: number): Promise<DonorRegister> {
  const { start, end } = fiscalYearRange(fiscalYear, startMonth);
  const [rows, external] = await Promise.all([
    paidGiftsWithDonors(db, associateId, start, end),
    externalGiftsBetween(db, associateId, start, end),
  ]);
  return buildDonorRegister([
    ...rows.map(({ gift, donor }): DonorRegisterGift => ({
      donorKey: gift.isAnonymous ? null : donorRegisterKey({ userId: gift.userId, email: donor.email }),
      name: donorNameOf(donor),
      nameKana: `${donor.lastNameKana}${donor.firstNameKana}`.trim() || null,
      address: donorAddressOf(donor),
      amount: keptAmount(gift),
      receivedAt: gift.paidAt!,
      anonymous: gift.isAnonymous,
      corporate: donor.isCorporate,
    })),
    // Gifts received outside Kifu are gifts the organisation received all the same (ADR 077).
    ...external.map(({ gift, donorKey, receivedAt, address, method }): DonorRegisterGift => ({
      donorKey,
      name: gift.name,
      nameKana: gift.kana.replace(/[\s\u3000]+/g, '') || null,
      address,
      amount: gift.amount,
      receivedAt,
      anonymous: false,
      external: method,
    })),
  ]);
}

export function donorRegisterView(register: DonorRegister, fiscalYear: number, startMonth: number, lang: Locale): api.DonorRegisterView {
  const entry = (gift: DonorRegisterEntry) => ({
    amount: gift.amount,
    received_on: gift.receivedOn,
    ...(gift.external ? { external: gift.external } : {}),
  });
  return {
    fiscal_year: fiscalYear,
    label: fiscalYearLabel(fiscalYear, startMonth, lang),
    start_month: startMonth,
    due_on: donorRegisterDueDate(fiscalYear, startMonth).lastDay,
    current_fiscal_year: fiscalYearOf(new Date(), startMonth),
    donors: register.donors.map((donor) => ({
      name: donor.name,
      address: donor.address,
      corporate: donor.corporate,
      gifts: donor.gifts.map(entry),
      total: donor.total,
    })),
    anonymous: register.anonymous.map(entry),
    anonymous_total: register.anonymousTotal,
    donor_count: register.donorCount,
    gift_count: register.giftCount,
    total: register.total,
  };
}
