// Japanese tax relief on donations (the tax summary, ADR 033): who is eligible for what by
// legal type, and the arithmetic supporters see stated plainly on /mypage/tax-summary/{year}.
// Money is integer yen. Every product with a rate is rounded down with Math.floor on purpose: the
// tax office rounds relief down (the credit to the 100 yen below, 100円未満切捨て), and an estimate
// shown to a supporter must never promise a yen more than they will get back.
import { japanDateOf } from './calendar';
import type { OrganisationTypeId } from './enums';

/** tax_credit: the supporter may claim the gift EITHER as income deduction OR as tax credit (their choice). */
export type TaxEligibility = 'tax_credit' | 'income_deduction' | 'not_eligible';

export interface TaxStatus {
  /** An id of ORGANISATION_TYPES (enums.ts). */
  organisationType: number;
  certificationNumber: string | null;
  /** YYYY-MM-DD */
  certifiedOn: string | null;
  /** A public-interest corporation certified for the tax credit (税額控除対象法人). */
  taxCreditQualified: boolean;
}

// Ids of ORGANISATION_TYPES (enums.ts); typed as OrganisationTypeId so a mistyped id fails to compile.
/** 認定NPO法人 (2), 特例認定NPO法人 (3): credit or deduction, once certified. */
const CERTIFIED_NPO: ReadonlySet<number> = new Set<OrganisationTypeId>([2, 3]);
/** 公益社団法人 (5), 公益財団法人 (7), 社会福祉法人 (10), 学校法人 (11), 国立大学法人 (19): deduction, and the credit where certified for it. */
const CREDIT_IF_QUALIFIED: ReadonlySet<number> = new Set<OrganisationTypeId>([5, 7, 10, 11, 19]);
/** 国立研究開発法人 (9), 独立行政法人 (12), 地方独立行政法人 (13), 地方公共団体 (14), 特定公益増進法人 (21): deduction only. */
const INCOME_DEDUCTION_ONLY: ReadonlySet<number> = new Set<OrganisationTypeId>([9, 12, 13, 14, 21]);

const isSet = (value: string | null) => value !== null && value.trim() !== '';

/**
 * What a gift to an organisation of this status may be claimed as. A gift marked non-deductible
 * (`deductible: false`) is never eligible. Every other type (voluntary groups, plain NPOs, general
 * associations and foundations, medical corporations, labour unions, quasi-school corporations,
 * workers' cooperatives, unset) is not eligible.
 */
export function taxEligibilityOf(status: TaxStatus, opts: { deductible?: boolean } = {}): TaxEligibility {
  if (opts.deductible === false) return 'not_eligible';
  const type = status.organisationType;
  if (CERTIFIED_NPO.has(type)) return isSet(status.certificationNumber) && isSet(status.certifiedOn) ? 'tax_credit' : 'not_eligible';
  if (CREDIT_IF_QUALIFIED.has(type)) return status.taxCreditQualified ? 'tax_credit' : 'income_deduction';
  if (INCOME_DEDUCTION_ONLY.has(type)) return 'income_deduction';
  return 'not_eligible';
}

/** The first 2,000 yen of a year's eligible gifts brings no relief; it applies once to the whole year. */
export const DONATION_DEDUCTION_FLOOR = 2000;
/** Eligible gifts count up to 40 % of total income (総所得金額等). */
export const INCOME_CAP_RATE = 0.4;
/** The credit is 40 % of the credit-eligible gifts above the floor… */
export const TAX_CREDIT_RATE = 0.4;
/** …and at most 25 % of the income tax (所得税額). */
export const TAX_CREDIT_CAP_RATE = 0.25;

/** Yen totals of a year's gifts by eligibility ('tax_credit' gifts go in taxCredit). */
export interface YearGifts {
  taxCredit: number;
  incomeDeduction: number;
  notEligible: number;
}

export function summariseYear(gifts: readonly { amount: number; eligibility: TaxEligibility }[]): YearGifts & {
  eligibleTotal: number;
  total: number;
} {
  const sums: YearGifts = { taxCredit: 0, incomeDeduction: 0, notEligible: 0 };
  for (const gift of gifts) {
    if (gift.eligibility === 'tax_credit') sums.taxCredit += gift.amount;
    else if (gift.eligibility === 'income_deduction') sums.incomeDeduction += gift.amount;
    else sums.notEligible += gift.amount;
  }
  const eligibleTotal = sums.taxCredit + sums.incomeDeduction;
  return { ...sums, eligibleTotal, total: eligibleTotal + sums.notEligible };
}

export interface TaxEstimateInput {
  gifts: YearGifts;
  /** 総所得金額等; without it the 40 % cap is not applied. */
  totalIncome?: number;
  /** 所得税額; without it the 25 % cap is not applied. */
  incomeTax?: number;
}

export interface TaxEstimate {
  /** Every eligible gift claimed as income deduction. */
  deductionOnly: { deductibleAmount: number; deduction: number };
  /** Credit-eligible gifts claimed as tax credit, the rest as income deduction. */
  withCredit: { deduction: number; taxCredit: number; creditCapped: boolean };
}

/** Rounded down to the 100 yen (100円未満切捨て). */
const floorTo100 = (yen: number) => Math.floor(yen / 100) * 100;

/**
 * An estimate of a year's relief, as shown to supporters. The rules:
 * 1. Eligible gifts are the credit-eligible gifts plus the deduction-only gifts. With a total income,
 *    they count only up to 40 % of it (rounded down to the yen), taken by the deduction-only gifts
 *    first and by the credit-eligible gifts last.
 * 2. Deduction only: every eligible gift (as counted) is claimed as income deduction; the deduction
 *    is what they come to above 2,000 yen.
 * 3. With the credit: the 2,000 yen floor applies once to the year, first against the deduction-only
 *    gifts and what remains of it against the credit-eligible gifts. The deduction is the
 *    deduction-only gifts above 2,000 yen; the credit is 40 % of the credit-eligible gifts above what
 *    remains of the floor, rounded down to the yen; with an income tax, at most 25 % of it (rounded
 *    down to the yen); then rounded down to the 100 yen.
 */
export function estimateTaxRelief({ gifts, totalIncome, incomeTax }: TaxEstimateInput): TaxEstimate {
  // Math.floor: the cap is whole yen, and rounding up would count a yen the law does not.
  const cap = totalIncome === undefined ? Infinity : Math.floor(Math.max(0, totalIncome) * INCOME_CAP_RATE);
  // The 40 % cap is taken by deduction-only gifts first, so it reduces what is left for the credit last.
  const deductionGifts = Math.min(gifts.incomeDeduction, cap);
  const creditGifts = Math.min(gifts.taxCredit, cap - deductionGifts);
  const eligible = deductionGifts + creditGifts;

  const deductionOnly = { deductibleAmount: eligible, deduction: Math.max(0, eligible - DONATION_DEDUCTION_FLOOR) };

  // The floor is met by the deduction-only gifts first; what remains of it comes off the credit gifts.
  const floorLeft = Math.max(0, DONATION_DEDUCTION_FLOOR - deductionGifts);
  // Math.floor: 40 % of a yen amount may have a fraction, and the credit is never rounded up.
  let taxCredit = Math.floor(Math.max(0, creditGifts - floorLeft) * TAX_CREDIT_RATE);
  let creditCapped = false;
  if (incomeTax !== undefined) {
    // Math.floor: 25 % of the income tax may have a fraction; the cap is whole yen.
    const creditCap = Math.floor(Math.max(0, incomeTax) * TAX_CREDIT_CAP_RATE);
    if (taxCredit > creditCap) {
      taxCredit = creditCap;
      creditCapped = true;
    }
  }
  return {
    deductionOnly,
    withCredit: {
      deduction: Math.max(0, deductionGifts - DONATION_DEDUCTION_FLOOR),
      // After the cap: the credit actually granted is rounded down to the 100 yen.
      taxCredit: floorTo100(taxCredit),
      creditCapped,
    },
  };
}

/** The tax year a gift counts in: the calendar year in Japan (UTC+9, no daylight saving) of the instant the money arrived. */
export function receiptYearOf(receivedAt: Date): number {
  return japanDateOf(receivedAt).year;
}

/**
 * From 20 December 00:00 to 31 December 23:59:59 in Japan: a bank transfer made now may arrive,
 * and so count, in the next year.
 */
export function isLateDecemberInJapan(now: Date): boolean {
  const { month, day } = japanDateOf(now);
  return month === 12 && day >= 20;
}
