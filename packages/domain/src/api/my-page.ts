// Wire shapes of the supporter's own pages (ADR 033): /user/my_page/, the support history, totals
// per organisation, the tax summary and the receipt ZIP bundles. Texts are localised by `lang`.
import { z } from 'zod';
import { FREQUENCIES, PAYMENT_METHODS } from '../enums';
import { PAGE_MAX, PAGE_SIZE_MAX, imageUrl, langQuery, rowId, rowIdParam } from './common';
import { virtualAccountView } from './donation';
import { recurringSupportItem } from './recurring-support';

/** Years a supporter can ask about: the platform's first year to a few years ahead. */
export const RECEIPT_YEAR_MIN = 2000;
export const RECEIPT_YEAR_MAX = 2100;
export const receiptYear = z.coerce.number({ error: 'value' }).int('value').min(RECEIPT_YEAR_MIN, 'value').max(RECEIPT_YEAR_MAX, 'value');

export const GIFT_STATUSES = ['processing', 'awaiting_transfer', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

export const RECEIPT_STATES = ['available', 'not_paid', 'refunded', 'not_requested'] as const;

const associateRef = z.object({ uid: z.string(), name: z.string(), logo: imageUrl });

export const giftReport = z.object({
  kind: z.enum(['campaign', 'activity']),
  id: z.number().int(),
  title: z.string(),
  published_at: z.string(),
  /** Where the report is read: /campaign/{campaign_id}/report/{id} or /associate/{associate_uid}/activity-report/{id}. */
  campaign_id: z.number().int().nullable(),
  associate_uid: z.string(),
});
export type GiftReport = z.infer<typeof giftReport>;

/** One organisation's part of a gift: the whole gift, or its share of a portfolio gift. */
export const giftPart = z.object({
  donation_id: z.number().int(),
  associate: associateRef,
  amount: z.number().int(),
  receipt: z.enum(RECEIPT_STATES),
  /** Set once a receipt was issued. */
  receipt_number: z.string().nullable(),
});

export const historyGift = z.object({
  /** The donation id, or for a portfolio gift the lead part's donation id. */
  id: z.number().int(),
  kind: z.enum(['associate', 'campaign', 'portfolio']),
  amount: z.number().int(),
  /** What the organisation gave back of it (ADR 064): a partial refund leaves the gift paid. */
  refunded_amount: z.number().int(),
  payment_method: z.enum(PAYMENT_METHODS),
  frequency: z.enum(FREQUENCIES),
  /** The recurring donation a monthly or annual gift is a payment of (its receipts have their own ZIP). */
  recurring_donation_id: z.number().int().nullable(),
  status: z.enum(GIFT_STATUSES),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The year the gift counts in: the year received, or the year given while not received. */
  year: z.number().int(),
  campaign: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  portfolio: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  parts: z.array(giftPart),
  virtual_account: virtualAccountView.nullable(),
  reports: z.array(giftReport),
});
export type HistoryGift = z.infer<typeof historyGift>;

export const historyQuery = langQuery.extend({
  year: receiptYear.optional(),
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});

export const supportHistory = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Every year the supporter gave in, newest first: the year filter's choices. */
  years: z.array(z.number().int()),
  results: z.array(historyGift),
});
export type SupportHistory = z.infer<typeof supportHistory>;

export const associateTotal = z.object({
  associate: associateRef,
  total: z.number().int(),
  count: z.number().int(),
  last_paid_at: z.string(),
});
export type AssociateTotal = z.infer<typeof associateTotal>;

export const myPageSummary = z.object({
  total_amount: z.number().int(),
  gift_count: z.number().int(),
  associate_count: z.number().int(),
  this_year: z.object({ year: z.number().int(), total: z.number().int() }),
  active_recurring_count: z.number().int(),
  years: z.array(z.number().int()),
  latest: z.array(historyGift),
});
export type MyPageSummary = z.infer<typeof myPageSummary>;

/**
 * GET /user/my_page/home/ (ADR 057): what the home of my page (/mypage) asks the supporter to look
 * at — recurring support whose charge failed, bank transfers still awaited — and this year's total
 * that qualifies for tax relief.
 */
export const myPageHome = z.object({
  /** Recurring support whose last charge failed: retried, or suspended until the card is changed. */
  failing_recurring: z.array(recurringSupportItem),
  /** Gifts awaiting their bank transfer, the soonest deadline first, each with its account. */
  awaiting_transfers: z.array(historyGift),
  /** The tax summary's eligible total of gifts received this year in Japan. */
  this_year: z.object({ year: z.number().int(), deductible: z.number().int() }),
});
export type MyPageHome = z.infer<typeof myPageHome>;

export const TAX_ELIGIBILITIES = ['tax_credit', 'income_deduction', 'not_eligible'] as const;

export const taxSummaryGift = z.object({
  donation_id: z.number().int(),
  received_on: z.string(),
  associate: associateRef.extend({ organisation_type: z.number().int() }),
  amount: z.number().int(),
  eligibility: z.enum(TAX_ELIGIBILITIES),
  /** False when the gift has no receipt (given without one, or anonymously): it cannot be claimed. */
  has_receipt: z.boolean(),
  resident_tax_designation: z.string().nullable(),
});

export const taxSummary = z.object({
  year: z.number().int(),
  gifts: z.array(taxSummaryGift),
  by_legal_type: z.array(z.object({ organisation_type: z.number().int(), label: z.string(), total: z.number().int() })),
  by_eligibility: z.object({
    tax_credit: z.number().int(),
    income_deduction: z.number().int(),
    not_eligible: z.number().int(),
    eligible_total: z.number().int(),
    total: z.number().int(),
  }),
  /** Gifts to organisations a prefecture or municipality designates for resident tax. */
  resident_tax_total: z.number().int(),
  /** Organisations with gifts that have receipts: each has a combined receipt for the year. */
  combined_receipts: z.array(z.object({ associate: associateRef, total: z.number().int(), count: z.number().int() })),
});
export type TaxSummary = z.infer<typeof taxSummary>;

export const RECEIPT_BUNDLE_KINDS = ['year', 'monthly', 'tax_pack'] as const;

export const receiptBundle = z.object({
  id: z.number().int(),
  kind: z.enum(RECEIPT_BUNDLE_KINDS),
  year: z.number().int(),
  recurring_donation_id: z.number().int().nullable(),
  status: z.enum(['pending', 'ready', 'failed']),
  file_count: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type ReceiptBundle = z.infer<typeof receiptBundle>;

export const yearBundleRequest = z.object({ year: receiptYear, lang: z.enum(['ja', 'en']).default('ja') });
export const monthlyBundleRequest = yearBundleRequest.extend({ recurring_donation_id: rowId });

export const receiptLinkQuery = langQuery.partial().extend({
  expires: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 40)
    .optional(),
  signature: z.string().max(128).optional(),
});

export const donationIdParams = z.object({ id: rowIdParam });
