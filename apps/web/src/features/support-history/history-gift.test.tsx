import type { api } from '@kifu/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderInLocale } from '@/test/render-in-locale';
import { HistoryGift } from './history-gift';

// The locale-aware Link needs Next's router; a plain anchor renders the same text here.
vi.mock('@/i18n/navigation', () => import('@/test/render-in-locale').then((module) => module.plainNavigation));

const associate = (uid: string, name: string) => ({ uid, name, logo: `/media/${uid}.svg` });

function gift(overrides: Partial<api.HistoryGift> = {}): api.HistoryGift {
  return {
    id: 41,
    kind: 'associate',
    amount: 12_000,
    refunded_amount: 0,
    payment_method: 'creditCard',
    frequency: 'single',
    recurring_donation_id: null,
    status: 'paid',
    created_at: '2026-11-20T01:00:00.000Z',
    paid_at: '2026-11-20T01:05:00.000Z',
    year: 2026,
    campaign: null,
    portfolio: null,
    parts: [{ donation_id: 41, associate: associate('kodomo', 'こども食堂'), amount: 12_000, receipt: 'available', receipt_number: null }],
    virtual_account: null,
    reports: [],
    ...overrides,
  };
}

function render(value: api.HistoryGift, locale: 'ja' | 'en' = 'ja'): string {
  return renderInLocale(<HistoryGift gift={value} />, locale);
}

describe('a gift in the support history', () => {
  it('says when it was received (in Japan), how much, how, and links its receipt', () => {
    const html = render(gift({ paid_at: '2026-12-31T15:30:00.000Z' }));
    expect(html).toContain('2027年1月1日 受領');
    expect(html).toContain('12,000円');
    expect(html).toContain('クレジットカード ・ 今回のみ');
    expect(html).toContain('href="/mypage/support-history/41/receipt-pdf"');
  });

  it('says how much the organisation gave back of a gift refunded in part, and nothing of one refunded in full', () => {
    const partly = render(gift({ refunded_amount: 2_000 }));
    expect(partly).toContain('うち2,000円は団体から返金されました');
    expect(render(gift({ refunded_amount: 2_000 }), 'en')).toContain('of it was refunded by the organisation');
    expect(render(gift())).not.toContain('返金されました');
    expect(render(gift({ status: 'refunded', refunded_amount: 12_000 }))).not.toContain('うち12,000円');
  });

  it('while a transfer is awaited: the account and deadline, and no receipt yet', () => {
    const html = render(
      gift({
        status: 'awaiting_transfer',
        payment_method: 'bankTransfer',
        paid_at: null,
        parts: [
          { donation_id: 41, associate: associate('kodomo', 'こども食堂'), amount: 8_000, receipt: 'not_paid', receipt_number: null },
        ],
        virtual_account: {
          bank_name: 'デモネット銀行',
          branch_name: 'きふ支店',
          account_type: 'ordinary',
          account_number: '1234567',
          account_holder: 'キフ（カ',
          amount: 8_000,
          deposited_amount: 0,
          expiration_date: '2026-11-27T14:59:00.000Z',
        },
      }),
    );
    expect(html).toContain('2026年11月20日 お申し込み');
    expect(html).toContain('お振込み待ち');
    expect(html).toContain('1234567');
    expect(html).toContain('2026年11月27日 23:59');
    expect(html).toContain('お支払いの完了後に領収書を発行できます');
    expect(html).not.toContain('receipt-pdf');
  });

  it('a short transfer shows what arrived and what is still to transfer', () => {
    const html = render(
      gift({
        status: 'awaiting_transfer',
        payment_method: 'bankTransfer',
        paid_at: null,
        parts: [
          { donation_id: 41, associate: associate('kodomo', 'こども食堂'), amount: 8_000, receipt: 'not_paid', receipt_number: null },
        ],
        virtual_account: {
          bank_name: 'デモネット銀行',
          branch_name: 'きふ支店',
          account_type: 'ordinary',
          account_number: '1234567',
          account_holder: 'キフ（カ',
          amount: 8_000,
          deposited_amount: 5_000,
          expiration_date: '2026-11-27T14:59:00.000Z',
        },
      }),
    );
    expect(html).toContain('お振込済み');
    expect(html).toContain('5,000円');
    expect(html).toContain('残りのお振込金額');
    expect(html).toContain('3,000円');
  });

  it('a portfolio gift shows each organisation with its own receipt or the reason it has none', () => {
    const html = render(
      gift({
        kind: 'portfolio',
        portfolio: { id: 3, name: 'こどもの未来ポートフォリオ' },
        parts: [
          { donation_id: 41, associate: associate('a', '団体A'), amount: 7_000, receipt: 'available', receipt_number: 'K1-2026-00003' },
          { donation_id: 42, associate: associate('b', '団体B'), amount: 5_000, receipt: 'not_requested', receipt_number: null },
        ],
      }),
    );
    expect(html).toContain('こどもの未来ポートフォリオ');
    expect(html.match(/data-testid="history-gift-part"/g)).toHaveLength(2);
    expect(html).toContain('href="/mypage/support-history/41/receipt-pdf"');
    expect(html).not.toContain('/mypage/support-history/42/receipt-pdf');
    expect(html).toContain('領収書なし');
  });

  it('links the reports published since, to the campaign report or the activity report page', () => {
    const html = render(
      gift({
        reports: [
          {
            kind: 'activity',
            id: 5,
            title: '井戸が完成しました',
            published_at: '2026-11-22T00:00:00.000Z',
            campaign_id: null,
            associate_uid: 'kodomo',
          },
          { kind: 'campaign', id: 9, title: '冬の報告', published_at: '2026-11-21T00:00:00.000Z', campaign_id: 7, associate_uid: 'kodomo' },
        ],
      }),
    );
    expect(html).toContain('このご寄付のその後');
    expect(html).toContain('href="/associate/kodomo/activity-report/5"');
    expect(html).toContain('href="/campaign/7/report/9"');
  });

  it('reads in English for an English reader', () => {
    const html = render(gift({ status: 'refunded', parts: [{ ...gift().parts[0]!, receipt: 'refunded' }] }), 'en');
    expect(html).toMatch(/Received November 20, 2026|Received 20 November 2026/);
    expect(html).toContain('Refunded');
    expect(html).toContain('¥12,000');
  });
});
