import { PAGE_ERRORS } from '@kifu/domain/catalogue/page-messages';
import { RECEIPT_ERRORS } from '@kifu/domain/catalogue/receipt-texts';
import { describe, expect, it } from 'vitest';
import {
  adjacentYears,
  combinedReceiptPdfPath,
  estimateFor,
  failureMessage,
  failureOf,
  parseSummaryYear,
  parseYenInput,
  taxSummaryApiPath,
  taxSummaryPdfPath,
  zipDownloadHref,
} from './tax-summary-model';

describe('parseSummaryYear', () => {
  it('takes a four-digit year from 2000 to 2100', () => {
    expect(parseSummaryYear('2026')).toBe(2026);
    expect(parseSummaryYear('2000')).toBe(2000);
    expect(parseSummaryYear('2100')).toBe(2100);
  });

  it('refuses anything else', () => {
    for (const segment of ['1999', '2101', '26', '02026', '2026.0', '2026a', ' 2026', '', '２０２６']) {
      expect(parseSummaryYear(segment), segment).toBeNull();
    }
  });
});

describe('adjacentYears', () => {
  it('links the years either side, within the range', () => {
    expect(adjacentYears(2026)).toEqual({ previous: 2025, next: 2027 });
    expect(adjacentYears(2000)).toEqual({ previous: null, next: 2001 });
    expect(adjacentYears(2100)).toEqual({ previous: 2099, next: null });
  });
});

describe('the addresses', () => {
  it('go through the same-origin proxy in the page language', () => {
    expect(taxSummaryApiPath(2026, 'en')).toBe('/backend/user/my_page/tax-summary/2026/?lang=en');
    expect(taxSummaryPdfPath(2026, 'ja')).toBe('/backend/user/my_page/tax-summary/2026/pdf/?lang=ja');
    expect(combinedReceiptPdfPath('kodomo-shokudo', 2025, 'ja')).toBe(
      '/backend/donation/combined-receipt-pdf/kodomo-shokudo/2025/?lang=ja',
    );
  });

  it('send the pack to the ZIP page with its id', () => {
    expect(zipDownloadHref(42)).toEqual({ pathname: '/receipt-zip/download', query: { id: '42' } });
  });
});

describe('parseYenInput', () => {
  it('reads half- and full-width digits with commas and yen marks', () => {
    expect(parseYenInput('5000000')).toEqual({ kind: 'valid', yen: 5_000_000 });
    expect(parseYenInput('5,000,000')).toEqual({ kind: 'valid', yen: 5_000_000 });
    expect(parseYenInput('５，０００，０００')).toEqual({ kind: 'valid', yen: 5_000_000 });
    expect(parseYenInput('１５０,０００円')).toEqual({ kind: 'valid', yen: 150_000 });
    expect(parseYenInput('¥150,000')).toEqual({ kind: 'valid', yen: 150_000 });
    expect(parseYenInput(' 0 ')).toEqual({ kind: 'valid', yen: 0 });
  });

  it('takes nothing typed as not given', () => {
    expect(parseYenInput('')).toEqual({ kind: 'empty' });
    expect(parseYenInput('　 ')).toEqual({ kind: 'empty' });
  });

  it('refuses what is not a whole number of yen', () => {
    for (const typed of ['-5000', '－５０００', '5000.5', '5万', 'abc', '99999999999999999999']) {
      expect(parseYenInput(typed), typed).toEqual({ kind: 'invalid' });
    }
  });
});

describe('estimateFor', () => {
  const byEligibility = { tax_credit: 60_000, income_deduction: 20_000, not_eligible: 5_000 };

  it('without figures, applies neither cap', () => {
    expect(estimateFor(byEligibility, { kind: 'empty' }, { kind: 'empty' })).toEqual({
      deductionOnly: { deductibleAmount: 80_000, deduction: 78_000 },
      // The 2,000 yen floor is met by the deduction-only gifts: the credit is 40 % of 60,000.
      withCredit: { deduction: 18_000, taxCredit: 24_000, creditCapped: false },
    });
  });

  it('with an income of 5,000,000 and an income tax of 150,000: the credit is under 25 % of the tax', () => {
    const estimate = estimateFor(byEligibility, parseYenInput('5,000,000'), parseYenInput('150,000'));
    expect(estimate.deductionOnly.deduction).toBe(78_000);
    expect(estimate.withCredit).toEqual({ deduction: 18_000, taxCredit: 24_000, creditCapped: false });
  });

  it('caps the credit at 25 % of the income tax, rounded down to the 100 yen', () => {
    expect(estimateFor(byEligibility, { kind: 'empty' }, parseYenInput('50,300')).withCredit).toEqual({
      deduction: 18_000,
      taxCredit: 12_500,
      creditCapped: true,
    });
  });

  it('leaves an invalid figure out, as if not given', () => {
    expect(estimateFor(byEligibility, { kind: 'invalid' }, { kind: 'invalid' })).toEqual(
      estimateFor(byEligibility, { kind: 'empty' }, { kind: 'empty' }),
    );
  });

  it('counts gifts only up to 40 % of the total income', () => {
    expect(estimateFor(byEligibility, parseYenInput('100000'), { kind: 'empty' }).deductionOnly).toEqual({
      deductibleAmount: 40_000,
      deduction: 38_000,
    });
  });
});

describe('failureMessage', () => {
  it('says a network failure as the page catalogue does', () => {
    expect(failureMessage({ kind: 'network' }, 'en')).toBe(PAGE_ERRORS.network.en);
  });

  it("uses the API code's message, or the status's when no code came", () => {
    expect(failureMessage({ kind: 'http', status: 429, code: 'rate_limited' }, 'ja')).toBe(
      'リクエストが多すぎます。しばらくしてから再度お試しください。',
    );
    expect(failureMessage({ kind: 'http', status: 401 }, 'en')).toBe('Please login first.');
  });

  it('falls back to the unknown error, or the one given', () => {
    expect(failureMessage({ kind: 'http', status: 502, code: 'something_else' }, 'en')).toBe(PAGE_ERRORS.unknown.en);
    expect(failureMessage({ kind: 'http', status: 500 }, 'ja', RECEIPT_ERRORS.bundleFailed)).toBe(RECEIPT_ERRORS.bundleFailed.ja);
  });

  it('reads the code of an error body, and nothing of a body that is not JSON', async () => {
    const json = new Response(JSON.stringify({ code: 'unauthorized', detail: 'sign in' }), { status: 401 });
    expect(await failureOf(json)).toEqual({ kind: 'http', status: 401, code: 'unauthorized' });
    expect(await failureOf(new Response('<html>', { status: 502 }))).toEqual({ kind: 'http', status: 502, code: undefined });
  });
});
