// Generic page errors and notices (spec §2 "Other screens and behaviours", §4, §8 "Generic page
// messages"). English is the spec's wording where it quotes one, kept verbatim.
import type { LocalisedMessage } from './message';

export const PAGE_ERRORS = {
  unknown: { ja: '不明なエラーが発生しました', en: 'An unknown error has been occurred' },
  network: { ja: 'ネットワークエラーが発生しました', en: 'A network error has been occurred' },
  notFound: { ja: 'このURLは存在しません', en: "This URL doesn't exist" },
  internal: {
    ja: 'ページの読み込み中に不明なエラーが発生しました。ご迷惑をおかけして申し訳ありません。しばらくしてから再度お試しください。',
    en: 'An unknown error has been occurred while loading the page. We are sorry for the inconvenience. Please try again later.',
  },
  botCheck: { ja: 'reCAPTCHAによるアクセスの認証に失敗しました', en: 'Failed to authorize access by reCAPTCHA' },
} as const satisfies Record<'unknown' | 'network' | 'notFound' | 'internal' | 'botCheck', LocalisedMessage>;
export type PageErrorKey = keyof typeof PAGE_ERRORS;

export const NOTICES = {
  loginRequired: { ja: 'このページを表示するにはログインしてください。', en: 'Please login first to visit this page.' },
  goToTop: { ja: 'サイトトップへ', en: 'Go to site top' },
  retry: { ja: 'もう一度試す', en: 'Try again' },
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
