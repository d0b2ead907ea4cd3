// Card check messages (spec §8 "Card check"): confirming a saved card and authorizing a new one.
import type { LocalisedMessage } from './message';

export const CARD_CHECK = {
  checking: { ja: 'クレジットカードの状態を確認しています。', en: 'Checking credit card status.' },
  confirmed: { ja: 'クレジットカードを確認しました。', en: 'The credit card was successfully confirmed.' },
  confirmError: { ja: 'クレジットカードの確認中にエラーが発生しました。', en: 'An error occurred during credit card confirmation.' },
  authorizing: { ja: 'クレジットカードを認証しています。', en: 'Authorizing the credit card.' },
  authorized: { ja: 'クレジットカードの認証が完了しました。', en: 'The credit card was successfully authorized.' },
  authorizeError: { ja: 'クレジットカードの認証中にエラーが発生しました。', en: 'An error occurred during credit card authorization.' },
} as const satisfies Record<string, LocalisedMessage>;
export type CardCheckKey = keyof typeof CARD_CHECK;
