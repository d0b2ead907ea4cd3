// What the error boundaries say (spec §8 "Generic page messages"): the generic page errors and the
// two ways on. Apart from the rest of page-messages.ts because the boundaries ship with every page
// and a module ships whole (ADR 043); page-messages.ts re-exports them.
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

/** The notices an error boundary offers; part of NOTICES (page-messages.ts). */
export const BOUNDARY_NOTICES = {
  goToTop: { ja: 'サイトトップへ', en: 'Go to site top' },
  retry: { ja: 'もう一度試す', en: 'Try again' },
} as const satisfies Record<string, LocalisedMessage>;
