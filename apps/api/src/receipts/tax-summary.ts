// The yearly tax summary (ADR 033, /mypage/tax-summary/{year}): every gift received in the year
// across organisations, with totals by legal type and by eligibility. Only gifts with a receipt can
// be claimed, so a gift given without one (or anonymously) is shown but counted as not eligible.
import {
  api,
  localise,
  ORGANISATION_TYPES,
  receiptAvailability,
  receivedOn,
  summariseYear,
  taxEligibilityOf,
  type Locale,
  type OrganisationTypeId,
} from '@kifu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, donations } from '../db/schema/index';
import { localizer } from '../lib/localize';
import { taxStatusOf } from './receipt-for-document';
import { paidInYear, receiptGifts } from './receipt-gifts';

export async function taxSummary(
  db: Database,
  userId: number,
  year: number,
  lang: Locale,
  mediaUrl: (path: string) => string,
): Promise<api.TaxSummary> {
  const localize = localizer(lang);
  const gifts = await receiptGifts(db, and(eq(donations.userId, userId), eq(donations.status, 'paid'), paidInYear(year)));
  const associateIds = [...new Set(gifts.map((gift) => gift.associateId))];
  const rows = associateIds.length ? await db.select().from(associates).where(inArray(associates.id, associateIds)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));

  const lines = gifts.map((gift) => {
    const associate = byId.get(gift.associateId)!;
    const hasReceipt = receiptAvailability(gift) === 'available';
    return {
      donation_id: gift.id,
      received_on: receivedOn(gift.paidAt!),
      associate: {
        uid: associate.uid,
        name: localize(associate, 'name'),
        logo: mediaUrl(associate.logoPath),
        organisation_type: associate.organisationType,
      },
      amount: gift.amount,
      eligibility: hasReceipt ? taxEligibilityOf(taxStatusOf(associate), { deductible: gift.isDeductible }) : 'not_eligible',
      has_receipt: hasReceipt,
      resident_tax_designation: (lang === 'en' && associate.residentTaxDesignationEn) || associate.residentTaxDesignation,
    } satisfies api.TaxSummary['gifts'][number];
  });

  const byType = new Map<number, number>();
  for (const line of lines) byType.set(line.associate.organisation_type, (byType.get(line.associate.organisation_type) ?? 0) + line.amount);
  const summed = summariseYear(lines);

  const combined = new Map<string, { associate: api.TaxSummary['combined_receipts'][number]['associate']; total: number; count: number }>();
  for (const line of lines.filter((line) => line.has_receipt)) {
    const entry = combined.get(line.associate.uid) ?? {
      associate: { uid: line.associate.uid, name: line.associate.name, logo: line.associate.logo },
      total: 0,
      count: 0,
    };
    entry.total += line.amount;
    entry.count += 1;
    combined.set(line.associate.uid, entry);
  }

  return {
    year,
    gifts: lines,
    by_legal_type: [...byType.entries()]
      .sort(([, a], [, b]) => b - a)
      .map(([type, total]) => ({
        organisation_type: type,
        label: localise(ORGANISATION_TYPES[type as OrganisationTypeId] ?? ORGANISATION_TYPES[99], lang),
        total,
      })),
    by_eligibility: {
      tax_credit: summed.taxCredit,
      income_deduction: summed.incomeDeduction,
      not_eligible: summed.notEligible,
      eligible_total: summed.eligibleTotal,
      total: summed.total,
    },
    resident_tax_total: lines
      .filter((line) => line.resident_tax_designation && line.eligibility !== 'not_eligible')
      .reduce((sum, line) => sum + line.amount, 0),
    combined_receipts: [...combined.values()],
  };
}
