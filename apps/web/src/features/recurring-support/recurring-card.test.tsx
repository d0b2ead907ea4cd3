import type { api } from '@kifu/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderInLocale } from '@/test/render-in-locale';
import { RecurringCard, type Mode } from './recurring-card';

// The locale-aware Link needs Next's router; a plain anchor renders the same text here.
vi.mock('@/i18n/navigation', () => import('@/test/render-in-locale').then((module) => module.plainNavigation));

const noChanges = { amount: false, pause: false, skip: false, resume: false, stop: false };

function item(overrides: Partial<api.RecurringSupportItem> = {}): api.RecurringSupportItem {
  return {
    id: 7,
    associate: { uid: 'kodomo-shokudo-mirai', name: 'こども食堂みらい' },
    portfolio: null,
    campaign: null,
    amount: 3_000,
    period: 'monthly',
    membership_plan: null,
    payment_method: 'creditCard',
    card: { brand: 'Visa', last_digits: '4242' },
    state: 'active',
    next_charge_on: '2026-12-01',
    paused_until: null,
    started_on: '2026-10-01',
    stopped_at: null,
    allowed: { amount: true, pause: true, skip: true, resume: false, stop: true },
    charges: [
      { donation_id: 31, amount: 3_000, status: 'paid', at: '2026-11-01T00:10:00.000Z' },
      { donation_id: 21, amount: 3_000, status: 'failed', at: '2026-10-01T00:10:00.000Z' },
    ],
    ...overrides,
  };
}

function render(
  value: api.RecurringSupportItem,
  locale: 'ja' | 'en' = 'ja',
  mode: Mode | null = null,
  cardPath?: '/mypage/credit-card' | '/credit',
): string {
  return renderInLocale(<RecurringCard item={value} onUpdated={() => {}} initialMode={mode} cardPath={cardPath} />, locale);
}

/** The data-testid values of the action buttons shown. */
const actions = (html: string) =>
  [...html.matchAll(/data-testid="recurring-(change-amount|pause|skip|resume|stop)"/g)].map((match) => match[1]);

const textOf = (html: string, testId: string) => new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('a recurring donation card', () => {
  it('a monthly active one: its name links to the organisation, amount, card, next charge, charges and every change', () => {
    const html = render(item());
    expect(html).toContain('data-testid="recurring-item"');
    expect(html).toContain('data-recurring-id="7"');
    expect(html).toContain('href="/associate/kodomo-shokudo-mirai"');
    expect(textOf(html, 'recurring-amount')).toBe('毎月 3,000円');
    expect(textOf(html, 'recurring-state')).toBe('継続中');
    expect(textOf(html, 'recurring-method')).toBe('クレジットカード（Visa •••• 4242）');
    expect(textOf(html, 'recurring-next-charge')).toBe('2026年12月1日');
    expect(html).toContain('決済の記録（2件）');
    expect(html).toContain('2026年11月1日');
    expect(html).toContain('完了');
    expect(html).toContain('失敗');
    expect(actions(html)).toEqual(['change-amount', 'pause', 'skip', 'stop']);
    // Panels open only when asked; the status region is there, empty, to announce results.
    expect(html).not.toContain('recurring-stop-panel');
    expect(html).toMatch(/role="status"[^>]*data-testid="recurring-message"><\/p>/);
  });

  it('a paused one says until when, and offers only resume and stop', () => {
    const html = render(
      item({
        state: 'paused',
        paused_until: '2027-02-01',
        next_charge_on: '2027-02-01',
        allowed: { amount: true, pause: false, skip: false, resume: true, stop: true },
      }),
    );
    expect(textOf(html, 'recurring-state')).toBe('2027年2月1日まで休止中');
    expect(actions(html)).toEqual(['change-amount', 'resume', 'stop']);
    const onlyResume = render(item({ state: 'paused', paused_until: '2027-02-01', allowed: { ...noChanges, resume: true, stop: true } }));
    expect(actions(onlyResume)).toEqual(['resume', 'stop']);
  });

  it('an annual membership shows its plan and may only be stopped', () => {
    const html = render(
      item({
        period: 'annual',
        amount: 12_000,
        membership_plan: '正会員',
        next_charge_on: '2027-04-01',
        allowed: { ...noChanges, stop: true },
        charges: [],
      }),
    );
    expect(textOf(html, 'recurring-amount')).toBe('毎年 12,000円（正会員）');
    expect(actions(html)).toEqual(['stop']);
    expect(html).toContain('まだ決済の記録はありません。');
  });

  it('a stopped one says when and offers no change', () => {
    const html = render(item({ state: 'stopped', next_charge_on: null, stopped_at: '2026-11-15T16:00:00.000Z', allowed: noChanges }));
    expect(textOf(html, 'recurring-state')).toBe('2026年11月16日に停止');
    expect(actions(html)).toEqual([]);
    expect(html).not.toContain('recurring-next-charge');
  });

  it('a portfolio or a campaign links to its own page; waiting for the first payment and a failed charge say so', () => {
    const portfolio = render(
      item({ associate: null, portfolio: { id: 3, name: '未来ポートフォリオ' }, state: 'pending', allowed: noChanges }),
    );
    expect(portfolio).toContain('href="/portfolio/3"');
    expect(textOf(portfolio, 'recurring-state')).toBe('初回のお支払い待ち');
    const campaign = render(item({ campaign: { id: 9, title: '冬の食卓' }, state: 'retrying' }));
    expect(campaign).toContain('href="/campaign/9"');
    expect(textOf(campaign, 'recurring-state')).toBe('決済に失敗したため再試行中');
    expect(campaign).toContain('href="/mypage/credit-card"');
  });

  it('suspended: a card one is fixed by changing the card (on /credit for a guest); a wallet one can only be given again', () => {
    const card = render(item({ state: 'suspended', allowed: { ...noChanges, stop: true } }));
    expect(card).toContain('カードを変更すると再開します');
    expect(card).toContain('href="/mypage/credit-card"');
    expect(card).not.toContain('recurring-give-again');
    expect(render(item({ state: 'suspended', allowed: noChanges }), 'ja', null, '/credit')).toContain('href="/credit"');
    const wallet = render(item({ state: 'suspended', payment_method: 'walletPay', card: null, allowed: noChanges }), 'en');
    expect(wallet).toContain('the wallet payment was declined repeatedly');
    expect(wallet).not.toContain('/mypage/credit-card');
    expect(wallet).toMatch(/href="\/associate\/kodomo-shokudo-mirai\/donate"[^>]*data-testid="recurring-give-again"/);
    const campaignWallet = render(
      item({ state: 'suspended', payment_method: 'walletPay', card: null, campaign: { id: 9, title: '冬の食卓' }, allowed: noChanges }),
    );
    expect(campaignWallet).toContain('href="/associate/kodomo-shokudo-mirai/donate?campaign=9"');
  });

  it('reads in English for an English reader', () => {
    const html = render(item(), 'en');
    expect(textOf(html, 'recurring-amount')).toBe('Monthly ¥3,000');
    expect(textOf(html, 'recurring-state')).toBe('Active');
    expect(textOf(html, 'recurring-method')).toBe('Credit card (Visa •••• 4242)');
    expect(textOf(html, 'recurring-next-charge')).toMatch(/December 1, 2026|1 December 2026/);
    expect(html).toContain('Change amount');
    expect(html).toContain('Charges (2)');
    const paused = render(
      item({
        associate: { uid: 'kodomo-shokudo-mirai', name: 'Mirai Kids Canteen' },
        state: 'paused',
        paused_until: '2027-02-01',
        allowed: { ...noChanges, resume: true, stop: true },
      }),
      'en',
    );
    expect(textOf(paused, 'recurring-state')).toMatch(/^Paused until (February 1, 2027|1 February 2027)$/);
    expect(paused).toContain('Resume now');
    // The organisation's English name aside, nothing in Japanese.
    expect(paused).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('the stop panel first offers the changes allowed instead, then an optional reason and the final stop', () => {
    const html = render(item(), 'ja', 'stop');
    expect(html).toContain('data-testid="recurring-stop-panel"');
    const alternatives = html.indexOf('recurring-stop-alternatives');
    const reasons = html.indexOf('recurring-stop-reason"');
    const confirm = html.indexOf('recurring-stop-confirm');
    expect(alternatives).toBeGreaterThan(0);
    expect(alternatives).toBeLessThan(reasons);
    expect(reasons).toBeLessThan(confirm);
    for (const text of [
      '金額を下げて続ける',
      '1〜3か月だけ休止する',
      '次回の決済だけスキップする',
      '金額の負担が大きい',
      'その他',
      '支援を停止する',
    ])
      expect(html).toContain(text);
    expect(html.match(/data-testid="recurring-stop-reason"/g)).toHaveLength(4);
    expect(html).toMatch(/<textarea[^>]*maxLength="500"[^>]*data-testid="recurring-stop-reason-text"/);
    // A paused one has only the amount to offer instead; an annual membership nothing.
    const paused = render(item({ state: 'paused', allowed: { ...noChanges, amount: true, resume: true, stop: true } }), 'ja', 'stop');
    expect(paused).toContain('recurring-stop-lower-amount');
    expect(paused).not.toContain('recurring-stop-pause-instead');
    expect(paused).not.toContain('recurring-stop-skip-instead');
    const annual = render(item({ period: 'annual', allowed: { ...noChanges, stop: true } }), 'en', 'stop');
    expect(annual).not.toContain('recurring-stop-alternatives');
    expect(annual).toContain('Stop my support');
  });

  it('the amount panel is labelled, takes any digits and shows the limits; the pause panel offers 1 to 3 months', () => {
    const amount = render(item(), 'ja', 'amount');
    expect(amount).toMatch(/<label for="([^"]+)"[^>]*>新しい月額（円）<\/label><input id="\1" type="text" inputMode="numeric"/);
    expect(amount).toContain('value="3000"');
    expect(amount).toContain('100円以上、6,000,000円以下の金額を入力してください。');
    expect(amount).toContain('data-testid="recurring-amount-save"');
    const pause = render(item(), 'en', 'pause');
    expect(pause).toMatch(/data-testid="recurring-pause-months"/);
    expect(pause).toContain('>1 month</option>');
    expect(pause).toContain('>3 months</option>');
    expect(pause).toContain('Charges are expected to resume on');
    expect(pause).toContain('data-testid="recurring-pause-confirm"');
  });
});
