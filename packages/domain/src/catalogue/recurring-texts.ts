// Managing recurring support (ADR 034): why a change was refused, in ja and en. The API's error
// details are the English; the web shows the reader's language.
import type { LocalisedMessage } from './message';

export const RECURRING_ERRORS = {
  notFound: { ja: '継続的な支援が見つかりませんでした。', en: 'This recurring support was not found.' },
  notAllowed: {
    ja: 'この継続的な支援では、その変更はできません。',
    en: 'This change cannot be made to this recurring support.',
  },
  alreadyStopped: { ja: 'この継続的な支援はすでに停止しています。', en: 'This recurring support has already been stopped.' },
  sameAmount: { ja: '現在と同じ金額です。', en: 'That is the amount already given.' },
  changeInProgress: {
    ja: 'この継続的な支援への変更を決済会社に反映しているところです。少し待ってから再度お試しください。',
    en: 'A change to this recurring support is still being applied at the payment provider. Please try again in a moment.',
  },
  providerFailed: {
    ja: '決済会社との通信に失敗したため、変更できませんでした。時間をおいて再度お試しください。',
    en: 'The payment provider could not be reached, so nothing was changed. Please try again later.',
  },
} as const satisfies Record<string, LocalisedMessage>;
