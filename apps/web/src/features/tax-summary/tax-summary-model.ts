// The yearly tax summary's logic without React (ADR 033): which years have a page, where
// its calls and documents are, what the estimator's inputs mean and which message a failure shows.
// The relief arithmetic itself is the domain's (estimateTaxRelief), run in the browser only.
import { RECEIPT_YEAR_MAX, RECEIPT_YEAR_MIN, type TaxSummary } from '@kifu/domain/api/my-page';
import type { ApiErrorCode } from '@kifu/domain/api-errors';
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import type { LocalisedMessage } from '@kifu/domain/catalogue/message';
import { PAGE_ERRORS } from '@kifu/domain/catalogue/page-messages';
import type { Locale } from '@kifu/domain/enums';
import { parseNumeric, toHalfWidth } from '@kifu/domain/normalise';
import { estimateTaxRelief, type TaxEstimate } from '@kifu/domain/tax-deduction';

const YEAR = /^\d{4}$/;

/** The `{year}` segment of /mypage/tax-summary/{year}: a year the API answers for, else null (a 404). */
export function parseSummaryYear(segment: string): number | null {
  if (!YEAR.test(segment)) return null;
  const year = Number(segment);
  return year >= RECEIPT_YEAR_MIN && year <= RECEIPT_YEAR_MAX ? year : null;
}

/** The years either side that have a page, or null at the ends of the range. */
export function adjacentYears(year: number): { previous: number | null; next: number | null } {
  return {
    previous: year - 1 >= RECEIPT_YEAR_MIN ? year - 1 : null,
    next: year + 1 <= RECEIPT_YEAR_MAX ? year + 1 : null,
  };
}

/** Locale-aware (next-intl adds /en): the page of a year's summary. */
export const taxSummaryPagePath = (year: number) => `/mypage/tax-summary/${year}`;
/** The page that waits for a ZIP bundle and downloads it (locale-aware href for Link and router). */
export const zipDownloadHref = (bundleId: number) => ({ pathname: '/receipt-zip/download', query: { id: String(bundleId) } });

// Browser calls go through the same-origin proxy (/backend), so the session cookie rides along.
export const taxSummaryApiPath = (year: number, locale: Locale) => `/backend/user/my_page/tax-summary/${year}/?lang=${locale}`;
export const taxSummaryPdfPath = (year: number, locale: Locale) => `/backend/user/my_page/tax-summary/${year}/pdf/?lang=${locale}`;
export const combinedReceiptPdfPath = (associateUid: string, year: number, locale: Locale) =>
  `/backend/donation/combined-receipt-pdf/${encodeURIComponent(associateUid)}/${year}/?lang=${locale}`;
export const TAX_PACK_PATH = '/backend/user/my_page/tax-summary/pack/';

/** What the supporter typed in one of the estimator's yen fields. */
export type YenInput = { kind: 'empty' } | { kind: 'valid'; yen: number } | { kind: 'invalid' };

/** Thousands separators and yen marks people type around an amount ("5,000,000円", "¥150,000"). */
const AMOUNT_DECORATION = /[,\s¥\uFFE5\u5186]/g;
const DIGITS = /^\d+$/;

/**
 * An amount of yen as typed: half- or full-width digits, with commas (half- or full-width), spaces
 * and a yen mark allowed. Nothing typed is "empty" (the field is optional); a minus sign, a decimal
 * point or anything else that is not a whole number of yen is "invalid".
 */
export function parseYenInput(raw: string): YenInput {
  const text = toHalfWidth(raw).replace(AMOUNT_DECORATION, '');
  if (text === '') return { kind: 'empty' };
  // parseNumeric drops hyphens (postal codes, phone numbers); for money a minus sign is not a digit.
  if (!DIGITS.test(text)) return { kind: 'invalid' };
  const yen = parseNumeric(text);
  return yen === undefined ? { kind: 'invalid' } : { kind: 'valid', yen };
}

const yenOf = (input: YenInput) => (input.kind === 'valid' ? input.yen : undefined);

/**
 * Both methods' relief for the year's totals by eligibility, with the caps of the figures given:
 * an empty or invalid field is left out, as if not given (the domain then does not apply its cap).
 */
export function estimateFor(
  byEligibility: Pick<TaxSummary['by_eligibility'], 'tax_credit' | 'income_deduction' | 'not_eligible'>,
  totalIncome: YenInput,
  incomeTax: YenInput,
): TaxEstimate {
  return estimateTaxRelief({
    gifts: {
      taxCredit: byEligibility.tax_credit,
      incomeDeduction: byEligibility.income_deduction,
      notEligible: byEligibility.not_eligible,
    },
    totalIncome: yenOf(totalIncome),
    incomeTax: yenOf(incomeTax),
  });
}

/** Why a call failed: no answer at all, or an error answer with the API's error code when it sent one. */
export type CallFailure = { kind: 'network' } | { kind: 'http'; status: number; code?: string };

const STATUS_CODES: Partial<Record<number, ApiErrorCode>> = { 401: 'unauthorized', 429: 'rate_limited' };

const isApiErrorCode = (code: string | undefined): code is ApiErrorCode => code !== undefined && Object.hasOwn(API_ERROR_MESSAGES, code);

/** The error body's code (`{code, detail}`), when it is JSON and has one. */
export async function failureOf(response: Response): Promise<CallFailure> {
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  const code = typeof body?.code === 'string' ? body.code : undefined;
  return { kind: 'http', status: response.status, code };
}

/** The catalogue message for a failure: the network one, the API code's, or `fallback`. */
export function failureMessage(failure: CallFailure, locale: Locale, fallback: LocalisedMessage = PAGE_ERRORS.unknown): string {
  if (failure.kind === 'network') return PAGE_ERRORS.network[locale];
  const code = isApiErrorCode(failure.code) ? failure.code : STATUS_CODES[failure.status];
  return code === undefined ? fallback[locale] : API_ERROR_MESSAGES[code][locale];
}
