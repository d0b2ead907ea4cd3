import type { api } from '@kifu/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderInLocale } from '@/test/render-in-locale';
import { MypageHomeView } from './mypage-home-view';

// The locale-aware Link needs Next's router; a plain anchor renders the same text here.
vi.mock('@/i18n/navigation', () => import('@/test/render-in-locale').then((module) => module.plainNavigation));

const failing = {
  id: 5,
  associate: { uid: 'kodomo', name: 'こども食堂' },
  portfolio: null,
  campaign: null,
  amount: 3_000,
  period: 'monthly',
  payment_method: 'creditCard',
  state: 'suspended',
} as api.RecurringSupportItem;

const transfer = {
  id: 41,
  amount: 8_000,
  portfolio: null,
  campaign: null,
  parts: [{ associate: { uid: 'water', name: '世界の水' } }],
  virtual_account: {
    bank_name: 'デモネット銀行',
    branch_name: 'きふ支店',
    account_type: 'ordinary',
    account_number: '7654321',
    account_holder: 'キフ（カ',
    amount: 8_000,
    deposited_amount: 0,
    expiration_date: '2026-12-03T14:59:00.000Z',
  },
} as api.HistoryGift;

const render = (home: api.MyPageHome | null, locale: 'ja' | 'en' = 'ja') =>
  renderInLocale(<MypageHomeView home={home} year={2026} />, locale);

describe('the home of my page', () => {
  it('asks to change the card of a suspended support and to make an awaited transfer by its deadline', () => {
    const html = render({ failing_recurring: [failing], awaiting_transfers: [transfer], this_year: { year: 2026, deductible: 12_000 } });
    expect(html).toContain('こども食堂への継続的な支援（毎月3,000円）は、決済が繰り返しできなかったため止まっています。');
    expect(html).toContain('href="/mypage/credit-card"');
    expect(html).toContain('世界の水へのご寄付（8,000円）のお振込みをお待ちしています。');
    expect(html).toContain('デモネット銀行 きふ支店 普通 7654321');
    expect(html).toContain('お振込み期限：2026年12月3日 23:59');
    expect(html).toContain('12,000円');
    expect(html).toContain('href="/mypage/tax-summary/2026"');
  });

  it('in English, with nothing to do, still leads to every section', () => {
    const html = render({ failing_recurring: [], awaiting_transfers: [], this_year: { year: 2026, deductible: 0 } }, 'en');
    expect(html).toContain('Nothing needs your attention right now.');
    expect(html).toContain('Tax-deductible gifts in 2026');
    for (const href of [
      '/mypage/support-history',
      '/mypage/recurring-support',
      '/mypage/tax-summary/2026',
      '/mypage/credit-card',
      '/mypage/campaigns',
      '/mypage/account',
    ])
      expect(html).toContain(`href="${href}"`);
  });
});
