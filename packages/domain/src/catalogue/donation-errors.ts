// Donation errors of spec §8 "Donation". The message for a failed payment is chosen by matching
// words of the server's detail, Japanese or English, including the card gateway's failure codes
// (providers.md: insufficient_fund, stolen_or_lost_card, …). Each message below is itself matched
// back to its key, so the API can send `DONATION_ERRORS[key].ja` as the detail and the client will
// show the right message in either language.
import type { Locale } from '../enums';
import type { LocalisedMessage } from './message';

export const DONATION_ERRORS = {
  automationDetected: { ja: '機械的な操作が検出されました。', en: 'Mechanical operation detected.' },
  campaignNotFound: { ja: 'キャンペーンが存在しません。', en: 'The campaign does not exist.' },
  campaignClosed: { ja: 'このキャンペーンは終了しました。', en: 'This campaign has closed.' },
  portfolioNotFound: { ja: 'ポートフォリオが存在しません。', en: 'The portfolio does not exist.' },
  invalidSecurityCode: { ja: 'セキュリティコードが正しくありません。', en: 'The security code is invalid.' },
  creditLimitExceeded: {
    ja: 'クレジットカードの利用限度額を超えています。',
    en: 'The credit limit of your card has been exceeded.',
  },
  stolenOrLostCard: {
    ja: 'このカードは盗難・紛失の届け出があるため、ご利用いただけません。',
    en: 'This card has been reported stolen or lost and cannot be used.',
  },
  paymentRejected: {
    ja: '決済が拒否されました。カード会社にお問い合わせいただくか、別のカードをご利用ください。',
    en: 'The payment was rejected. Please contact your card issuer or use another card.',
  },
  fraudCheck: {
    ja: 'カードが無効か、承認されませんでした。カード会社にお問い合わせください。',
    en: 'The card is invalid or was not authorized. Please contact your card issuer.',
  },
  invalidAccountNumber: { ja: 'カード番号が正しくありません。', en: 'The card number is invalid.' },
  timedOut: {
    ja: '決済処理がタイムアウトしました。しばらくしてから再度お試しください。',
    en: 'The payment timed out. Please try again later.',
  },
  walletRejected: {
    ja: 'ウォレット決済サービスで決済が拒否されました。別のお支払い方法をお試しください。',
    en: 'The payment was rejected by the wallet payment service. Please try another payment method.',
  },
  cardNotValid: { ja: 'このカードはご利用いただけません。', en: 'This card is not valid.' },
  possibleCreditLimit: {
    ja: 'クレジットカードの利用限度額を超えている可能性があります。',
    en: 'The credit limit of your card may have been exceeded.',
  },
  expiredCard: { ja: 'カードの有効期限が切れています。', en: 'The card has expired.' },
  rewardOutOfStock: { ja: '選択したリターンは在庫切れです。', en: 'The selected reward is out of stock.' },
  generic: {
    ja: '支援の処理中にエラーが発生しました。しばらくしてから再度お試しください。',
    en: 'An error has been occurred during the support. Please try again later.',
  },
  notResponding: {
    ja: 'サーバーが応答していない可能性があります。しばらくしてから再度お試しください。',
    en: 'The server may not be responding. Please try again later.',
  },
  bankAccountIssue: {
    ja: '振込先の口座を発行できませんでした。しばらくしてから再度お試しください。',
    en: 'Failed to issue a bank account for the transfer. Please try again later.',
  },
  duplicateCheck: { ja: '重複した支援がないかを確認できませんでした。', en: 'Failed to check for a duplicate support.' },
  walletProfile: {
    ja: 'ウォレット決済サービスからお客様情報を取得できませんでした。',
    en: 'Failed to fetch your information from the wallet payment service.',
  },
  campaignMessage: { ja: 'メッセージを送信できませんでした。', en: 'Failed to send the message.' },
  restoreForm: {
    ja: '入力内容を復元できませんでした。お手数ですが、もう一度ご入力ください。',
    en: 'Failed to restore the support form. Please fill it in again.',
  },
  statusUnconfirmed: { ja: 'お支払いの状況を確認できませんでした。', en: 'The status of your payment could not be confirmed.' },
  botCheck: { ja: 'reCAPTCHAによるアクセスの認証に失敗しました。', en: 'Failed to authorize access by reCAPTCHA.' },
  /** The bot-check service itself did not answer (503): nothing is wrong with the supporter's access. */
  botCheckUnavailable: {
    ja: 'reCAPTCHAの確認サービスが現在ご利用いただけません。しばらくしてから再度お試しください。',
    en: 'The reCAPTCHA check service is unavailable right now. Please try again later.',
  },
  emailRequired: { ja: 'メールアドレスを入力してください。', en: 'Please enter the email address.' },
} as const satisfies Record<string, LocalisedMessage>;
export type DonationErrorKey = keyof typeof DONATION_ERRORS;

/**
 * Matchers in the order they are tried: the first hit wins. Order matters where one phrase
 * contains another: the bot-check outage before the bot check; "possible credit limit" before
 * "credit limit"; the wallet rejection, the card failure codes and "stolen" before the general
 * rejection and "card not valid"; the fraud message ("card is invalid or was not authorized")
 * before "card not valid".
 */
const DONATION_ERROR_MATCHERS: readonly (readonly [DonationErrorKey, RegExp])[] = [
  ['automationDetected', /mechanical operation|automat(?:ed|ion) (?:operation|access)|機械的な操作/i],
  ['botCheckUnavailable', /(?:recaptcha|bot[\s_-]?check)[\s\S]*(?:unavailable|ご利用いただけません)/i],
  ['botCheck', /recaptcha|bot[\s_-]?check/i],
  ['rewardOutOfStock', /out[\s_-]of[\s_-]stock|sold[\s_-]?out|在庫|売り切れ|品切れ/i],
  [
    'campaignNotFound',
    /campaign (?:does not|doesn't) exist|campaign not found|no such campaign|キャンペーンが(?:存在しません|見つかりません)/i,
  ],
  [
    'portfolioNotFound',
    /portfolio (?:does not|doesn't) exist|portfolio not found|no such portfolio|ポートフォリオが(?:存在しません|見つかりません)/i,
  ],
  ['campaignClosed', /campaign (?:has |is )?(?:already )?(?:closed|finished|ended|over)|キャンペーン.*(?:終了|締め切)/i],
  ['timedOut', /timed?[\s_-]?out|タイムアウト/i],
  ['walletRejected', /^(?=[\s\S]*(?:wallet|amazon|ウォレット|アマゾン))(?=[\s\S]*(?:reject|declin|拒否))/i],
  ['possibleCreditLimit', /possible credit limit|credit limit[\s\S]*may have|may have been exceeded|限度額[\s\S]*可能性/i],
  ['creditLimitExceeded', /insufficient[\s_-]funds?|credit limit|限度額|残高不足|利用枠/i],
  ['stolenOrLostCard', /stolen|lost[\s_-]card|盗難|紛失/i],
  ['invalidSecurityCode', /invalid[\s_-]security[\s_-]code|security code|セキュリティコード/i],
  ['invalidAccountNumber', /invalid[\s_-]account[\s_-]number|account number|card number|カード番号|口座番号/i],
  ['expiredCard', /expired[\s_-]card|card (?:has |is )?expired|有効期限/i],
  ['fraudCheck', /fraud|unauthori[sz]ed|not authori[sz]ed|不正|承認されませんでした/i],
  [
    'cardNotValid',
    /invalid[\s_-]card|card (?:is )?not valid|not a valid card|card is invalid|カードが無効|無効なカード|ご利用いただけません|利用できません/i,
  ],
  [
    'paymentRejected',
    /payment[\s_-]rejected|failed[\s_-]processing|transaction (?:has |was )?failed|rejected|declined|決済が拒否|取引に失敗|決済処理に失敗/i,
  ],
];

/** The donation error a server detail describes; 'generic' when none matches. */
export function matchDonationError(detail: string): DonationErrorKey {
  for (const [key, pattern] of DONATION_ERROR_MATCHERS) {
    if (pattern.test(detail)) return key;
  }
  return 'generic';
}

export function donationErrorMessage(detail: string, locale: Locale): string {
  return DONATION_ERRORS[matchDonationError(detail)][locale];
}
