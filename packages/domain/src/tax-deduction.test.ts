import { describe, expect, it } from 'vitest';
import { ORGANISATION_TYPE_IDS } from './enums';
import {
  estimateTaxRelief,
  isLateDecemberInJapan,
  receiptYearOf,
  summariseYear,
  taxEligibilityOf,
  type TaxEligibility,
} from './tax-deduction';

const status = (organisationType: number, extra: Partial<Parameters<typeof taxEligibilityOf>[0]> = {}) => ({
  organisationType,
  certificationNumber: null,
  certifiedOn: null,
  taxCreditQualified: false,
  ...extra,
});
const certified = { certificationNumber: '生文第123号', certifiedOn: '2019-04-01' };

describe('taxEligibilityOf by legal type', () => {
  const table: [number, string, TaxEligibility, TaxEligibility][] = [
    // type, label, as recorded (certified / qualified), without the certification
    [1, 'voluntary group', 'not_eligible', 'not_eligible'],
    [2, 'certified NPO', 'tax_credit', 'not_eligible'],
    [3, 'special certified NPO', 'tax_credit', 'not_eligible'],
    [4, 'NPO', 'not_eligible', 'not_eligible'],
    [5, 'public interest incorporated association', 'tax_credit', 'income_deduction'],
    [6, 'general incorporated association', 'not_eligible', 'not_eligible'],
    [7, 'public interest foundation', 'tax_credit', 'income_deduction'],
    [8, 'general foundation', 'not_eligible', 'not_eligible'],
    [9, 'national R&D corporation', 'income_deduction', 'income_deduction'],
    [10, 'social welfare corporation', 'tax_credit', 'income_deduction'],
    [11, 'school corporation', 'tax_credit', 'income_deduction'],
    [12, 'incorporated administrative agency', 'income_deduction', 'income_deduction'],
    [13, 'local incorporated administrative agency', 'income_deduction', 'income_deduction'],
    [14, 'local government', 'income_deduction', 'income_deduction'],
    [15, 'medical corporation (association)', 'not_eligible', 'not_eligible'],
    [16, 'medical corporation (foundation)', 'not_eligible', 'not_eligible'],
    [17, 'labour union', 'not_eligible', 'not_eligible'],
    [18, 'quasi-school corporation', 'not_eligible', 'not_eligible'],
    [19, 'national university corporation', 'tax_credit', 'income_deduction'],
    [20, "workers' cooperative", 'not_eligible', 'not_eligible'],
    [21, 'specific public-interest promotion corporation', 'income_deduction', 'income_deduction'],
    [99, 'unset', 'not_eligible', 'not_eligible'],
  ];
  it('the table covers every organisation type of enums.ts', () => {
    expect(table.map(([type]) => type).sort((a, b) => a - b)).toEqual([...ORGANISATION_TYPE_IDS].sort((a, b) => a - b));
  });

  it.each(table)('type %i (%s): %s when certified or qualified, %s otherwise', (type, _label, recorded, bare) => {
    expect(taxEligibilityOf(status(type, { ...certified, taxCreditQualified: true }))).toBe(recorded);
    expect(taxEligibilityOf(status(type))).toBe(bare);
  });

  it('a certified NPO without a certification number is not eligible, even with a date', () => {
    expect(taxEligibilityOf(status(2, { certifiedOn: '2019-04-01' }))).toBe('not_eligible');
    expect(taxEligibilityOf(status(3, { certifiedOn: '2019-04-01', certificationNumber: '' }))).toBe('not_eligible');
    expect(taxEligibilityOf(status(2, { certifiedOn: '2019-04-01', certificationNumber: '  ' }))).toBe('not_eligible');
  });

  it('a certified NPO with a number but no certification date is not eligible', () => {
    expect(taxEligibilityOf(status(2, { certificationNumber: '生文第123号' }))).toBe('not_eligible');
    expect(taxEligibilityOf(status(2, { certificationNumber: '生文第123号', certifiedOn: '' }))).toBe('not_eligible');
  });

  it('the certification alone does not make a public-interest corporation credit-eligible: taxCreditQualified does', () => {
    expect(taxEligibilityOf(status(7, certified))).toBe('income_deduction');
  });

  it('a gift marked non-deductible is never eligible, whoever received it', () => {
    expect(taxEligibilityOf(status(2, certified), { deductible: false })).toBe('not_eligible');
    expect(taxEligibilityOf(status(14), { deductible: false })).toBe('not_eligible');
  });

  it('deductible: true (or unset) leaves the legal type to decide', () => {
    expect(taxEligibilityOf(status(2, certified), { deductible: true })).toBe('tax_credit');
    expect(taxEligibilityOf(status(14), {})).toBe('income_deduction');
  });
});

describe('summariseYear', () => {
  it('3,000 credit + 5,000 deduction + 1,000 not eligible → eligible 8,000 of 9,000', () => {
    expect(
      summariseYear([
        { amount: 3000, eligibility: 'tax_credit' },
        { amount: 5000, eligibility: 'income_deduction' },
        { amount: 1000, eligibility: 'not_eligible' },
      ]),
    ).toEqual({ taxCredit: 3000, incomeDeduction: 5000, notEligible: 1000, eligibleTotal: 8000, total: 9000 });
  });

  it('no gifts → all zero', () => {
    expect(summariseYear([])).toEqual({ taxCredit: 0, incomeDeduction: 0, notEligible: 0, eligibleTotal: 0, total: 0 });
  });
});

describe('estimateTaxRelief', () => {
  const gifts = (taxCredit: number, incomeDeduction: number) => ({ taxCredit, incomeDeduction, notEligible: 0 });

  it('10,000 yen to a certified NPO, income 5,000,000, income tax 200,000: deduction 8,000, or credit (10,000 − 2,000) × 40 % = 3,200', () => {
    const estimate = estimateTaxRelief({ gifts: gifts(10_000, 0), totalIncome: 5_000_000, incomeTax: 200_000 });
    expect(estimate.deductionOnly).toEqual({ deductibleAmount: 10_000, deduction: 8_000 });
    expect(estimate.withCredit).toEqual({ deduction: 0, taxCredit: 3_200, creditCapped: false });
  });

  it('the 2,000 yen floor applies once: 1,500 deduction + 10,000 credit → deduction 0, credit (10,000 − 500) × 40 % = 3,800', () => {
    const estimate = estimateTaxRelief({ gifts: gifts(10_000, 1_500) });
    expect(estimate.withCredit).toEqual({ deduction: 0, taxCredit: 3_800, creditCapped: false });
    expect(estimate.deductionOnly.deduction).toBe(9_500);
  });

  it('5,000 deduction + 10,000 credit → deduction 3,000 and the whole 10,000 for credit: 4,000', () => {
    expect(estimateTaxRelief({ gifts: gifts(10_000, 5_000) }).withCredit).toEqual({
      deduction: 3_000,
      taxCredit: 4_000,
      creditCapped: false,
    });
  });

  it('gifts count up to 40 % of income: 100,000 of gifts on an income of 200,000 → 80,000 counted, deduction 78,000', () => {
    const estimate = estimateTaxRelief({ gifts: gifts(50_000, 50_000), totalIncome: 200_000 });
    expect(estimate.deductionOnly).toEqual({ deductibleAmount: 80_000, deduction: 78_000 });
    // The cap is taken by the 50,000 deduction gifts first, leaving 30,000 for the credit: 30,000 × 40 % = 12,000.
    expect(estimate.withCredit).toEqual({ deduction: 48_000, taxCredit: 12_000, creditCapped: false });
  });

  it('the credit is at most 25 % of income tax: 100,000 credit gifts, income tax 40,000 → 39,200 capped to 10,000', () => {
    expect(estimateTaxRelief({ gifts: gifts(100_000, 0), incomeTax: 40_000 }).withCredit).toEqual({
      deduction: 0,
      taxCredit: 10_000,
      creditCapped: true,
    });
  });

  it('the credit is rounded down to the 100 yen: 12,345 → (12,345 − 2,000) × 40 % = 4,138 → 4,100', () => {
    expect(estimateTaxRelief({ gifts: gifts(12_345, 0) }).withCredit.taxCredit).toBe(4_100);
  });

  it('the 100 yen rounding comes after the cap: income tax 40,123 → cap floor(10,030.75) = 10,030 → 10,000', () => {
    expect(estimateTaxRelief({ gifts: gifts(100_000, 0), incomeTax: 40_123 }).withCredit).toEqual({
      deduction: 0,
      taxCredit: 10_000,
      creditCapped: true,
    });
  });

  it('a cap that does not bite: 10,000 credit gifts, income tax 100,000 → cap 25,000, credit 3,200, not capped', () => {
    expect(estimateTaxRelief({ gifts: gifts(10_000, 0), incomeTax: 100_000 }).withCredit).toEqual({
      deduction: 0,
      taxCredit: 3_200,
      creditCapped: false,
    });
  });

  it('without a total income no 40 % cap, without an income tax no 25 % cap: 1,000,000 credit gifts → credit 399,200', () => {
    const estimate = estimateTaxRelief({ gifts: gifts(1_000_000, 0) });
    expect(estimate.deductionOnly).toEqual({ deductibleAmount: 1_000_000, deduction: 998_000 });
    expect(estimate.withCredit).toEqual({ deduction: 0, taxCredit: 399_200, creditCapped: false });
  });

  it('the 40 % cap falls on credit gifts last: 10,000 deduction + 10,000 credit on an income of 30,000 → 12,000 counted, 2,000 for credit', () => {
    const estimate = estimateTaxRelief({ gifts: gifts(10_000, 10_000), totalIncome: 30_000 });
    expect(estimate.deductionOnly).toEqual({ deductibleAmount: 12_000, deduction: 10_000 });
    // Deduction 10,000 − 2,000 = 8,000; the floor is used up, so credit 2,000 × 40 % = 800.
    expect(estimate.withCredit).toEqual({ deduction: 8_000, taxCredit: 800, creditCapped: false });
  });

  it('gifts not eligible bring nothing: 50,000 not eligible → 0', () => {
    expect(estimateTaxRelief({ gifts: { taxCredit: 0, incomeDeduction: 0, notEligible: 50_000 } })).toEqual({
      deductionOnly: { deductibleAmount: 0, deduction: 0 },
      withCredit: { deduction: 0, taxCredit: 0, creditCapped: false },
    });
  });

  it('gifts under the floor bring nothing: 1,800 → 0 either way', () => {
    const estimate = estimateTaxRelief({ gifts: gifts(1_000, 800) });
    expect(estimate.deductionOnly.deduction).toBe(0);
    expect(estimate.withCredit).toEqual({ deduction: 0, taxCredit: 0, creditCapped: false });
  });

  it('no gifts → nothing', () => {
    expect(estimateTaxRelief({ gifts: gifts(0, 0), totalIncome: 3_000_000, incomeTax: 100_000 })).toEqual({
      deductionOnly: { deductibleAmount: 0, deduction: 0 },
      withCredit: { deduction: 0, taxCredit: 0, creditCapped: false },
    });
  });
});

describe('receiptYearOf', () => {
  it('31 Dec 15:00 UTC is 1 Jan in Japan: the gift counts in the next year', () => {
    expect(receiptYearOf(new Date('2026-12-31T15:00:00Z'))).toBe(2027);
  });

  it('31 Dec 14:59 UTC is still 31 Dec in Japan', () => {
    expect(receiptYearOf(new Date('2026-12-31T14:59:00Z'))).toBe(2026);
    expect(receiptYearOf(new Date('2026-12-31T14:59:59.999Z'))).toBe(2026);
  });

  it('1 Jan 08:59 UTC is already 1 Jan 17:59 in Japan: the new year', () => {
    expect(receiptYearOf(new Date('2027-01-01T08:59:00Z'))).toBe(2027);
  });
});

describe('isLateDecemberInJapan', () => {
  it('from 00:00 on 20 December in Japan (19 Dec 15:00 UTC)', () => {
    expect(isLateDecemberInJapan(new Date('2026-12-19T14:59:59Z'))).toBe(false);
    expect(isLateDecemberInJapan(new Date('2026-12-19T15:00:00Z'))).toBe(true);
  });

  it('until 23:59 on 31 December in Japan', () => {
    expect(isLateDecemberInJapan(new Date('2026-12-31T14:59:59Z'))).toBe(true);
    expect(isLateDecemberInJapan(new Date('2026-12-31T15:00:00Z'))).toBe(false);
  });

  it('not in November, nor on 19 December in Japan, nor in early January', () => {
    expect(isLateDecemberInJapan(new Date('2026-11-25T03:00:00Z'))).toBe(false);
    expect(isLateDecemberInJapan(new Date('2026-12-19T03:00:00Z'))).toBe(false);
    expect(isLateDecemberInJapan(new Date('2027-01-05T03:00:00Z'))).toBe(false);
  });
});
