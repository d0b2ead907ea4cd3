// What the donation form says about a readiness gap (spec §5 "Donation readiness") and why an
// address asks for confirmation (spec §5 "Suspicious-address heuristic").
import type { SuspiciousAddressReason } from '../address';
import type { DonationReadinessGap } from '../donation-readiness';
import type { LocalisedMessage } from './message';

export const READINESS_GAP_MESSAGES = {
  paymentMethod: { ja: 'お支払い方法を選択してください。', en: 'Please choose a payment method.' },
  frequency: { ja: '支援の頻度を選択してください。', en: 'Please choose how often to support.' },
  amount: { ja: '支援金額を選択してください。', en: 'Please choose an amount.' },
  amountOutOfRange: { ja: '支援金額が受け付けられる範囲を外れています。', en: 'The amount is outside the accepted range.' },
  totalAmount: { ja: '合計金額がまだ計算されていません。', en: 'The total amount has not been calculated yet.' },
  deductionCap: { ja: '控除の上限額が設定されていません。', en: 'The deduction cap is not set.' },
  deductionIncluded: { ja: '控除額を含めるかどうかが設定されていません。', en: 'Whether the deduction is included is not set.' },
  isAnonymous: { ja: '匿名で支援するかどうかを選択してください。', en: 'Please choose whether to support anonymously.' },
  frequencyNotAllowed: {
    ja: 'このお支払い方法では、選択した頻度で支援することはできません。',
    en: 'This payment method cannot be used with the chosen frequency.',
  },
  email: { ja: 'メールアドレスを入力してください。', en: 'Please enter the email address.' },
  profile: { ja: '支援者情報をすべて入力してください。', en: 'Please complete your supporter information.' },
  card: { ja: 'クレジットカード情報を入力してください。', en: 'Please enter your credit card details.' },
  membershipPlanId: { ja: '会員プランを選択してください。', en: 'Please select a membership plan.' },
  membershipUnit: { ja: '会員プランの口数を選択してください。', en: 'Please choose the number of units.' },
  membershipUnitAmount: { ja: '会員プランの金額が設定されていません。', en: 'The unit amount of the plan is not set.' },
  membershipOnMonth: { ja: '会員プランの決済月が設定されていません。', en: 'The settlement month of the plan is not set.' },
  walletName: { ja: 'お名前（姓・名）を入力してください。', en: 'Please enter your last and first names.' },
  walletNameKana: { ja: 'フリガナは全角カタカナで入力してください。', en: 'Please enter the phonetic names in full-width katakana.' },
  checkoutSessionId: { ja: 'ウォレット決済の手続きが完了していません。', en: 'The wallet payment checkout has not been completed.' },
  rewardSoldOut: { ja: '選択したリターンは在庫切れのため、支援できません。', en: 'The selected reward is out of stock.' },
} as const satisfies Record<DonationReadinessGap, LocalisedMessage>;

export const SUSPICIOUS_ADDRESS_MESSAGES = {
  postalCodeNot7Digits: { ja: '郵便番号が7桁ではありません。', en: 'The postal code is not 7 digits.' },
  unknownPrefecture: { ja: '都道府県が正しくありません。', en: 'The prefecture is not one of the 47 prefectures.' },
  cityHasDigit: { ja: '市区町村に数字が含まれています。', en: 'The city contains digits.' },
  streetHasNoDigit: { ja: '番地が入力されていない可能性があります。', en: 'The street address may be missing its number.' },
  streetOnlyDigits: { ja: '町名が入力されていない可能性があります。', en: 'The street address may be missing its town name.' },
} as const satisfies Record<SuspiciousAddressReason, LocalisedMessage>;
