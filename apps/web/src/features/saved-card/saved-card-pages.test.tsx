import type { CardRecurringDonationsResponse } from '@kifu/domain/api/user-card';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInLocale } from '@/test/render-in-locale';
import en from '../../../messages/en.json';
import { GuestCardPanel, type GuestCardPhase } from './guest-card-change';
import type { Notice } from './notice-line';
import type { SavedCard } from './saved-card-api';
import { SavedCardPanel, savedCardFrom } from './saved-card-manager';

// The locale-aware Link needs Next's router; a plain anchor renders the same text here.
vi.mock('@/i18n/navigation', () => import('@/test/render-in-locale').then((module) => module.plainNavigation));

const NOW = new Date('2026-05-10T03:00:00Z');
const VISA: SavedCard = {
  customer_code: 'cust_test_1',
  brand: 'Visa',
  last_digits: '4242',
  name: 'HANAKO YAMADA',
  expiration_month: 7,
  expiration_year: 2030,
};
const NONE_ON_CARD: CardRecurringDonationsResponse = { count: 0, card: { brand: 'Visa', last_digits: '4242' }, recurring_donations: [] };
const TWO_ON_CARD: CardRecurringDonationsResponse = {
  count: 2,
  card: { brand: 'Visa', last_digits: '4242' },
  recurring_donations: [
    { id: 1, associate_name: 'こども食堂みらい', portfolio_name: '', recurring_donation_name: '山田 花子' },
    { id: 2, associate_name: '', portfolio_name: '未来ポートフォリオ', recurring_donation_name: '山田 花子' },
  ],
};

const provider = (locale: 'ja' | 'en', children: ReactNode) => renderInLocale(children, locale);

function panel(
  props: {
    card?: SavedCard | null;
    recurring?: CardRecurringDonationsResponse | null;
    recurringFailure?: string | null;
    mode?: 'view' | 'form' | 'confirmRemove';
    notice?: Notice | null;
  },
  locale: 'ja' | 'en' = 'ja',
) {
  return provider(
    locale,
    <SavedCardPanel
      card={props.card === undefined ? VISA : props.card}
      recurring={props.recurring === undefined ? NONE_ON_CARD : props.recurring}
      recurringFailure={props.recurringFailure ?? null}
      mode={props.mode ?? 'view'}
      busy={false}
      notice={props.notice ?? null}
      now={NOW}
      onMode={() => {}}
      onSave={() => {}}
      onRemove={() => {}}
    />,
  );
}

const textOf = (html: string, testId: string) => new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];
const has = (html: string, testId: string) => html.includes(`data-testid="${testId}"`);

describe('/mypage/credit-card', () => {
  it('shows the saved card: brand, •••• last 4, holder and expiry; nothing on it, so it may be removed', () => {
    const html = panel({});
    expect(textOf(html, 'saved-card-number')).toBe('Visa •••• 4242');
    expect(textOf(html, 'saved-card-holder')).toBe('名義：HANAKO YAMADA');
    expect(textOf(html, 'saved-card-expiry')).toBe('有効期限 07/2030');
    expect(textOf(html, 'saved-card-recurring-none')).toBe('このカードでお支払い中の継続的なご支援はありません。');
    expect(textOf(html, 'saved-card-replace')).toBe('カードを変更する');
    expect(textOf(html, 'saved-card-remove')).toBe('カードを削除する');
    expect(has(html, 'saved-card-remove-blocked')).toBe(false);
    expect(has(html, 'card-form')).toBe(false);
    // The status region is there, empty, to announce results.
    expect(html).toMatch(/role="status"[^>]*data-testid="saved-card-notice"><\/p>/);
  });

  it('lists the recurring support the card pays for and then offers no removal', () => {
    const html = panel({ recurring: TWO_ON_CARD });
    expect(textOf(html, 'saved-card-recurring-count')).toBe('このカードで2件の継続的なご支援をお支払いいただいています。');
    expect([...html.matchAll(/data-testid="saved-card-recurring-item">([^<]*)</g)].map((match) => match[1])).toEqual([
      'こども食堂みらい',
      '未来ポートフォリオ',
    ]);
    expect(html).toContain('href="/mypage/recurring-support"');
    expect(has(html, 'saved-card-remove')).toBe(false);
    expect(has(html, 'saved-card-remove-blocked')).toBe(true);
    expect(has(html, 'saved-card-replace')).toBe(true);
  });

  it('offers no removal while what the card pays for is unknown, and says why', () => {
    const html = panel({ recurring: null, recurringFailure: '登録済みのクレジットカードで継続中の支援を確認できませんでした。' });
    expect(has(html, 'saved-card-remove')).toBe(false);
    expect(textOf(html, 'saved-card-recurring-error')).toBe('登録済みのクレジットカードで継続中の支援を確認できませんでした。');
    expect(html).toMatch(/role="alert"[^>]*data-testid="saved-card-recurring-error"/);
  });

  it('without a card: says so and offers to save one', () => {
    const html = panel({ card: null, recurring: { count: 0, card: null, recurring_donations: [] } });
    expect(has(html, 'saved-card-none')).toBe(true);
    expect(html).toContain('登録済みのカードはありません。');
    expect(textOf(html, 'saved-card-replace')).toBe('カードを登録する');
    expect(has(html, 'saved-card-remove')).toBe(false);
    expect(has(html, 'saved-card-recurring-none')).toBe(false);
  });

  it('an expired card or one whose expiry the provider could not give says so', () => {
    const expired = panel({ card: { ...VISA, expiration_month: 4, expiration_year: 2026 } });
    expect(textOf(expired, 'saved-card-expired')).toBe('このカードは有効期限が切れています。新しいカードに変更してください。');
    const unknown = panel({ card: { ...VISA, expiration_month: null, expiration_year: null } });
    expect(has(unknown, 'saved-card-expiry')).toBe(false);
    expect(textOf(unknown, 'saved-card-expiry-unknown')).toBe('有効期限を確認できませんでした。');
    expect(has(unknown, 'saved-card-expired')).toBe(false);
  });

  it('the card form: labelled required fields, the brand caution, no email for a signed-in supporter', () => {
    const html = panel({ mode: 'form' });
    expect(has(html, 'saved-card-form')).toBe(true);
    for (const field of ['number', 'holder', 'expirationMonth', 'expirationYear', 'cvc']) {
      expect(html).toMatch(
        new RegExp(`<label for="([^"]+)"[^>]*>[^<]*(<span[^>]*>必須</span>)?</label><input id="\\1"[^>]*name="${field}"`),
      );
    }
    expect(has(html, 'card-form-email')).toBe(false);
    expect(html).toContain('autoComplete="cc-number"');
    expect(html).toContain('JCB');
    expect(html).toContain('カード情報は決済代行会社に直接送信され');
    expect(textOf(html, 'card-form-save')).toBe('カードを保存する');
    expect(has(html, 'card-form-cancel')).toBe(true);
    // The view's buttons give way to the form.
    expect(has(html, 'saved-card-replace')).toBe(false);
  });

  it('asks before removing, naming the card', () => {
    const html = panel({ mode: 'confirmRemove' });
    expect(html).toContain('Visa •••• 4242 を削除しますか？');
    expect(textOf(html, 'saved-card-remove-confirm')).toBe('削除する');
    expect(textOf(html, 'saved-card-remove-cancel')).toBe('キャンセル');
    expect(has(html, 'saved-card-remove')).toBe(false);
  });

  it('shows success as status and failure as an alert', () => {
    const saved = panel({ notice: { kind: 'success', text: 'クレジットカードの認証が完了しました。 新しいカードを保存しました。' } });
    expect(saved).toMatch(/role="status"[^>]*data-testid="saved-card-notice" data-kind="success">クレジットカードの認証が完了しました。/);
    const refused = panel({
      notice: { kind: 'error', text: 'このクレジットカードは継続中のご支援のお支払いに使われているため、削除できません。' },
    });
    expect(refused).toMatch(/role="alert"[^>]*data-testid="saved-card-error">このクレジットカードは/);
  });

  it('reads in English', () => {
    const html = panel({ recurring: TWO_ON_CARD }, 'en');
    expect(textOf(html, 'saved-card-number')).toBe('Visa •••• 4242');
    expect(textOf(html, 'saved-card-expiry')).toBe('Expires 07/2030');
    expect(textOf(html, 'saved-card-recurring-count')).toBe('2 recurring donations are paid with this card.');
    expect(textOf(html, 'saved-card-replace')).toBe('Replace the card');
    const one = panel({ recurring: { ...TWO_ON_CARD, count: 1, recurring_donations: TWO_ON_CARD.recurring_donations.slice(0, 1) } }, 'en');
    expect(textOf(one, 'saved-card-recurring-count')).toBe('1 recurring donation is paid with this card.');
    const none = panel({ card: null, recurring: null, mode: 'form' }, 'en');
    expect(none).toContain('You have no saved card.');
    expect(none).toContain('Save the card');
    // The organisations' names aside, nothing in Japanese.
    expect(panel({}, 'en')).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});

describe('savedCardFrom', () => {
  it('shows the card saved just now with the expiry typed', () => {
    expect(
      savedCardFrom(
        { customer_code: 'cust_1', brand: 'MasterCard', last_digits: '4444', name: 'HANAKO YAMADA' },
        { expirationMonth: 12, expirationYearFull: 2031 },
      ),
    ).toEqual({
      customer_code: 'cust_1',
      brand: 'MasterCard',
      last_digits: '4444',
      name: 'HANAKO YAMADA',
      expiration_month: 12,
      expiration_year: 2031,
    });
  });
});

describe('/credit', () => {
  const guest = (phase: GuestCardPhase, locale: 'ja' | 'en' = 'ja', notice: Notice | null = null) =>
    provider(locale, <GuestCardPanel phase={phase} busy={false} notice={notice} onRetry={() => {}} onSave={() => {}} />);

  it('without the guest session: says to open the mailed link first, and links to the page that sends it', () => {
    const html = guest({ kind: 'noSession' });
    expect(html).toContain('メールでお送りしたリンクを開いてから');
    expect(html).toMatch(/href="\/auth\/application\/edit-recurring-donations"[^>]*data-testid="guest-card-get-link"/);
    expect(has(html, 'card-form')).toBe(false);
  });

  it('with it: how many donations will move, and the card form with the email', () => {
    const html = guest({ kind: 'ready', movable: 2 });
    expect(textOf(html, 'guest-card-movable')).toBe('2件の継続的なご寄付のお支払いが新しいカードに変わります。');
    expect(has(html, 'card-form')).toBe(true);
    expect(html).toMatch(/<input id="[^"]+"[^>]*type="email"[^>]*name="email"/);
    expect(html).toContain('リンクを受け取ったメールアドレスを入力してください。');
    expect(has(html, 'card-form-cancel')).toBe(false);
    expect(html).toContain('href="/auth/application/edit-recurring-donations"');
    expect(textOf(guest({ kind: 'ready', movable: 0 }), 'guest-card-movable')).toBe(
      'クレジットカードでお支払い中の継続的なご寄付はありません。',
    );
    const mismatch = guest({ kind: 'ready', movable: 1 }, 'en', { kind: 'error', text: en.savedCard.guest.emailMismatch });
    expect(mismatch).toMatch(/role="alert"[^>]*>This email address is not the one the link was sent to\./);
  });

  it('after saving: N donations now use the new card, and the way back', () => {
    const html = guest({ kind: 'done', moved: 2 });
    expect(textOf(html, 'guest-card-moved')).toBe('2件のご寄付が新しいカードでのお支払いになりました。');
    expect(html).toMatch(/href="\/auth\/application\/edit-recurring-donations"[^>]*data-testid="guest-card-back"/);
    expect(textOf(guest({ kind: 'done', moved: 1 }, 'en'), 'guest-card-moved')).toBe('1 donation now uses the new card.');
    expect(textOf(guest({ kind: 'done', moved: 3 }, 'en'), 'guest-card-moved')).toBe('3 donations now use the new card.');
  });

  it('while checking, and when the list cannot be read', () => {
    expect(textOf(guest({ kind: 'checking' }, 'en'), 'guest-card-checking')).toBe('Checking credit card status.');
    const failed = guest({ kind: 'loadFailed' }, 'en');
    expect(failed).toContain('Your recurring donations could not be loaded.');
    expect(failed).toContain('Try again');
  });
});
