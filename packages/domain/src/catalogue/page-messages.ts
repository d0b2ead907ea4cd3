// Generic page errors and notices (spec §2 "Other screens and behaviours", §4, §8 "Generic page
// messages"). English is the spec's wording where it quotes one, kept verbatim.
import { BOUNDARY_NOTICES } from './boundary-messages';
import type { LocalisedMessage } from './message';

// The error boundaries' own words live apart (boundary-messages.ts): those boundaries ship with
// every page, and a module is shipped whole (ADR 043).
export { PAGE_ERRORS, type PageErrorKey } from './boundary-messages';

export const NOTICES = {
  loginRequired: { ja: 'このページを表示するにはログインしてください。', en: 'Please login first to visit this page.' },
  ...BOUNDARY_NOTICES,
  loggedOut: { ja: 'ログアウトしました。', en: 'Logged out.' },
  passwordRecoveryMailSent: {
    ja: 'パスワード再設定用のメールを送信しました。メールのリンクから60分以内に新しいパスワードを設定してください。',
    en: 'We sent you a mail to reset your password. Set a new password through its link within 60 minutes.',
  },
  passwordReset: {
    ja: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
    en: 'Your password was reset. Please log in with the new password.',
  },
  cancelled: { ja: 'キャンセルしました。', en: 'Cancelled.' },
  processing: { ja: '処理しています…', en: 'Processing…' },
  completed: { ja: '完了しました。', en: 'Completed.' },
  updateAvailable: {
    ja: 'このサイトの新しいバージョンがあります。更新しますか？',
    en: 'There is an update version for this site. Update now?',
  },
  updateAccept: { ja: '更新する', en: 'Update' },
  updateDecline: { ja: 'いいえ', en: 'No' },
  /** Recurring card-switch dialog: the line after the first 2 donations (spec §2). */
  andMore: { ja: 'ほか{count}件', en: 'And {count} more' },
  cardBrandCaution: {
    ja: 'JCB・American Expressのカードは現在一時的にご利用いただけません。',
    en: 'JCB and American Express cards are temporarily unavailable.',
  },
  passwordRecoverySent: {
    ja: 'パスワード再設定用のメールを送信しました。',
    en: 'We have sent you an e-mail to reset your password.',
  },
} as const satisfies Record<string, LocalisedMessage>;
export type NoticeKey = keyof typeof NOTICES;
