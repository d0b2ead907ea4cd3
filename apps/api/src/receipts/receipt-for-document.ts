// Turns an issued receipt into what the PDF states: the associate's legal facts, the donor's name
// and address as entered with the gift, one line per gift, and the tax eligibility.
import { japanIsoDate, taxEligibilityOf } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associates, donors, userPrivateProfiles } from '../db/schema/index';
import { sealPng } from '../console/associate-page-images';
import type { FileStorage } from '../media/file-storage';
import type { IssuedReceipt } from './issue-receipt';
import type { ReceiptDocument, ReceiptIssuer } from './receipt-document';
import { giftLine } from './receipt-gifts';

type AssociateRow = typeof associates.$inferSelect;
type DonorRow = typeof donors.$inferSelect;

export function issuerOf(associate: AssociateRow, seal: Buffer | null): ReceiptIssuer {
  return {
    name: associate.name,
    nameEn: associate.nameEn,
    address: associate.address || associate.prefecture,
    addressEn: associate.addressEn,
    representative: associate.representative,
    organisationType: associate.organisationType,
    certification:
      associate.certificationNumber && associate.certifiedOn
        ? {
            number: associate.certificationNumber,
            date: associate.certifiedOn,
            expiresOn: associate.certificationExpiresOn,
            authority: associate.certificationAuthority ?? '',
            authorityEn: associate.certificationAuthorityEn,
          }
        : null,
    residentTaxDesignation: associate.residentTaxDesignation,
    residentTaxDesignationEn: associate.residentTaxDesignationEn,
    seal,
  };
}

export function taxStatusOf(associate: AssociateRow) {
  return {
    organisationType: associate.organisationType,
    certificationNumber: associate.certificationNumber,
    certifiedOn: associate.certifiedOn,
    taxCreditQualified: associate.taxCreditQualified,
  };
}

export function donorNameOf(donor: DonorRow): string {
  return donor.isCorporate || !donor.firstName ? donor.lastName : `${donor.lastName} ${donor.firstName}`;
}

/** The name on a signed-in supporter's summary: the private profile's, as they keep it. */
export async function supporterName(db: Database, userId: number): Promise<string> {
  const [profile] = await db.select().from(userPrivateProfiles).where(eq(userPrivateProfiles.userId, userId)).limit(1);
  return profile ? [profile.lastName, profile.firstName].filter(Boolean).join(' ') : '';
}

export function donorAddressOf(donor: Pick<DonorRow, 'zipCode' | 'area' | 'city' | 'address1' | 'address2'>): string {
  const zip = donor.zipCode ? `〒${donor.zipCode.replace(/^(\d{3})(\d{4})$/, '$1-$2')} ` : '';
  const street = `${donor.area}${donor.city}${donor.address1}`;
  return `${zip}${street}${donor.address2 ? ` ${donor.address2}` : ''}`.trim();
}

/** What receipt `issued` states; `storage` holds the issuer's seal, drawn as it is when the receipt is (ADR 070). */
export async function receiptDocument(
  db: Database,
  storage: FileStorage,
  issued: IssuedReceipt,
  english: boolean,
): Promise<ReceiptDocument> {
  const { receipt, gifts } = issued;
  const [associate] = await db.select().from(associates).where(eq(associates.id, receipt.associateId)).limit(1);
  const [donor] = await db.select().from(donors).where(eq(donors.id, receipt.donorId)).limit(1);
  return {
    kind: receipt.kind,
    number: receipt.number,
    issuedOn: japanIsoDate(receipt.issuedAt),
    reissue: issued.reissue,
    english,
    issuer: issuerOf(associate!, await sealPng(storage, associate!.sealPath)),
    eligibility: taxEligibilityOf(taxStatusOf(associate!), { deductible: gifts.every((gift) => gift.isDeductible) }),
    donor: { name: donorNameOf(donor!), address: donorAddressOf(donor!) },
    lines: gifts.map(giftLine),
    total: receipt.amount,
  };
}
