// What a receipt states (ADR 033), gathered from the database by load-receipt.ts and
// drawn by draw-receipt.ts: everything the law asks of a receipt from a certified organisation.
import type { TaxEligibility } from '@kifu/domain';

export interface ReceiptIssuer {
  name: string;
  nameEn: string | null;
  address: string;
  addressEn: string | null;
  representative: string;
  organisationType: number;
  /** Certified NPOs: the number and date the authority gave, the last day of the term when recorded, and the authority. */
  certification: { number: string; date: string; expiresOn: string | null; authority: string; authorityEn: string | null } | null;
  /** The issuer's seal (角印) as PNG, printed beside its name; null when none is uploaded (ADR 070). */
  seal: Buffer | null;
  residentTaxDesignation: string | null;
  residentTaxDesignationEn: string | null;
}

export interface ReceiptLine {
  /** YYYY-MM-DD in Japan: the day the money arrived. */
  receivedOn: string;
  amount: number;
  description: string;
  descriptionEn: string;
}

export interface ReceiptDocument {
  kind: 'gift' | 'combined';
  number: string;
  /** YYYY-MM-DD in Japan of this issue. */
  issuedOn: string;
  reissue: boolean;
  /** English alongside the Japanese. */
  english: boolean;
  issuer: ReceiptIssuer;
  eligibility: TaxEligibility;
  donor: { name: string; address: string };
  lines: ReceiptLine[];
  total: number;
}
