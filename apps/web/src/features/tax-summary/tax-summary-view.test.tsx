import type { TaxSummary } from '@kifu/domain/api/my-page';
import { TAX_ELIGIBILITY_LABELS, TAX_SUMMARY_TEXTS } from '@kifu/domain/catalogue/tax-texts';
import { describe, expect, it, vi } from 'vitest';
import { renderInLocale } from '@/test/render-in-locale';
import { TaxSummaryView, type PackState } from './tax-summary-view';

// The locale-aware Link needs Next's router; a plain anchor renders the same text here.
vi.mock('@/i18n/navigation', () => import('@/test/render-in-locale').then((module) => module.plainNavigation));

const associate = (uid: string, name: string, organisationType: number) => ({ uid, name, logo: '', organisation_type: organisationType });

const SUMMARY: TaxSummary = {
  year: 2026,
  gifts: [
    {
      donation_id: 11,
      received_on: '2026-03-05',
      associate: associate('kodomo', 'こども食堂みらい', 2),
      amount: 10_000,
      eligibility: 'tax_credit',
      has_receipt: true,
      resident_tax_designation: '東京都',
    },
    {
      donation_id: 12,
      received_on: '2026-06-20',
      associate: associate('forest', '里山の森基金', 14),
      amount: 20_000,
      eligibility: 'income_deduction',
      has_receipt: true,
      resident_tax_designation: null,
    },
    {
      donation_id: 13,
      received_on: '2026-11-01',
      associate: associate('kodomo', 'こども食堂みらい', 2),
      amount: 3_000,
      eligibility: 'tax_credit',
      has_receipt: false,
      resident_tax_designation: null,
    },
  ],
  by_legal_type: [
    { organisation_type: 2, label: '認定NPO法人', total: 13_000 },
    { organisation_type: 14, label: '地方公共団体', total: 20_000 },
  ],
  by_eligibility: { tax_credit: 10_000, income_deduction: 20_000, not_eligible: 3_000, eligible_total: 30_000, total: 33_000 },
  resident_tax_total: 10_000,
  combined_receipts: [
    { associate: { uid: 'kodomo', name: 'こども食堂みらい', logo: '' }, total: 10_000, count: 1 },
    { associate: { uid: 'forest', name: '里山の森基金', logo: '' }, total: 20_000, count: 1 },
  ],
};

const PACK: PackState = { sending: false, error: null, onPack: () => undefined };

function render(summary: TaxSummary, locale: 'ja' | 'en' = 'ja', pack: PackState = PACK): string {
  return renderInLocale(<TaxSummaryView summary={summary} pack={pack} />, locale);
}

const textOf = (html: string, testId: string) =>
  [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(?:dd|tr|button|p)>`, 'g'))].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );

describe('TaxSummaryView', () => {
  it('shows the totals, with the eligible total apart', () => {
    const html = render(SUMMARY);
    expect(textOf(html, 'tax-eligible-total')).toEqual(['30,000円']);
    expect(textOf(html, 'tax-total')).toEqual(['33,000円']);
    expect(textOf(html, 'tax-resident-total')).toEqual(['10,000円']);
    expect(html).toContain('認定NPO法人');
    expect(textOf(render(SUMMARY, 'en'), 'tax-eligible-total')).toEqual(['¥30,000']);
  });

  it('lists every gift with its date, organisation, amount and relief, a gift without a receipt as such', () => {
    expect(textOf(render(SUMMARY), 'tax-gift')).toEqual([
      `2026年3月5日 こども食堂みらい 10,000円 ${TAX_ELIGIBILITY_LABELS.tax_credit.ja}`,
      `2026年6月20日 里山の森基金 20,000円 ${TAX_ELIGIBILITY_LABELS.income_deduction.ja}`,
      `2026年11月1日 こども食堂みらい 3,000円 ${TAX_ELIGIBILITY_LABELS.no_receipt.ja}`,
    ]);
    expect(textOf(render(SUMMARY, 'en'), 'tax-gift')[2]).toBe('Nov 1, 2026 こども食堂みらい ¥3,000 No receipt');
  });

  it('says it is not a receipt and states every rule', () => {
    const html = render(SUMMARY, 'en');
    // React writes an apostrophe as &#x27;.
    const escaped = (text: string) => text.replace(/'/g, '&#x27;');
    expect(textOf(html, 'tax-not-a-receipt')).toEqual([escaped(TAX_SUMMARY_TEXTS.notAReceipt.en)]);
    for (const rule of [
      'ruleYear',
      'ruleFloor',
      'ruleDeduction',
      'ruleCredit',
      'ruleChoice',
      'ruleResidentTax',
      'ruleNoReceipt',
    ] as const) {
      expect(html).toContain(`<li>${escaped(TAX_SUMMARY_TEXTS[rule].en)}</li>`);
    }
  });

  it('links the summary PDF, each combined receipt and the years either side', () => {
    const html = render(SUMMARY, 'en');
    expect(html).toContain('href="/backend/user/my_page/tax-summary/2026/pdf/?lang=en"');
    expect(html).toContain('href="/backend/donation/combined-receipt-pdf/kodomo/2026/?lang=en"');
    expect(html).toContain('href="/backend/donation/combined-receipt-pdf/forest/2026/?lang=en"');
    expect(html).toContain('href="/mypage/tax-summary/2025"');
    expect(html).toContain('href="/mypage/tax-summary/2027"');
    expect(html).toContain('Previous year (2025)');
  });

  it('offers the tax pack, disabled while it is asked for, and says why it failed', () => {
    expect(render(SUMMARY)).toMatch(/<button type="button"[^>]*data-testid="tax-pack"[^>]*>/);
    const sending = render(SUMMARY, 'ja', { ...PACK, sending: true });
    expect(sending).toMatch(/<button type="button" disabled=""[^>]*data-testid="tax-pack"/);
    expect(textOf(sending, 'tax-pack')).toEqual([TAX_SUMMARY_TEXTS.packSending.ja]);
    const failed = render(SUMMARY, 'ja', { ...PACK, error: 'ZIPファイルを作成できませんでした。' });
    expect(failed).toContain('role="alert"');
    expect(textOf(failed, 'tax-pack-error')).toEqual(['ZIPファイルを作成できませんでした。']);
  });

  it('labels the estimator inputs and shows both methods before anything is typed', () => {
    const html = render(SUMMARY);
    const incomeId = /<input id="([^"]+)"[^>]*data-testid="tax-income"/.exec(html)?.[1];
    expect(incomeId).toBeDefined();
    expect(html).toContain(`<label for="${incomeId}"`);
    expect(html).toContain('data-testid="tax-income-tax"');
    // 30,000 − 2,000; with the credit: 20,000 − 2,000 deducted and (10,000 × 40 %) credited.
    expect(textOf(html, 'tax-estimate-deduction')).toEqual(['28,000円']);
    expect(textOf(html, 'tax-estimate-credit')).toEqual(['4,000円']);
    expect(html).toContain(TAX_SUMMARY_TEXTS.estimateNote.ja);
  });

  it('says an empty year has no gifts, with no totals, table or pack', () => {
    const empty: TaxSummary = {
      ...SUMMARY,
      gifts: [],
      by_legal_type: [],
      by_eligibility: { tax_credit: 0, income_deduction: 0, not_eligible: 0, eligible_total: 0, total: 0 },
      resident_tax_total: 0,
      combined_receipts: [],
    };
    const html = render(empty, 'en');
    expect(textOf(html, 'tax-no-gifts')).toEqual([TAX_SUMMARY_TEXTS.noGifts.en]);
    expect(html).not.toContain('data-testid="tax-gift"');
    expect(html).not.toContain('data-testid="tax-pack"');
    expect(html).toContain('data-testid="tax-year-navigation"');
  });
});
