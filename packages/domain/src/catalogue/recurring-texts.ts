// Managing recurring support (issue 14): why a change was refused, in ja and en. The API's error
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
  providerFailed: {
    ja: '決済会社との通信に失敗したため、変更できませんでした。時間をおいて再度お試しください。',
    en: 'The payment provider could not be reached, so nothing was changed. Please try again later.',
  },
} as const satisfies Record<string, LocalisedMessage>;
