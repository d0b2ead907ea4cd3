// Field error messages of spec §8 "Field errors", one per rule key the schemas report
// (schemas/rule-keys.ts). Messages are looked up by rule and field label (spec §5).
import { UPLOAD_IMAGE_MAX_PIXELS } from '../constants';
import { PAYOUT_AS_OF_MAX_DAYS } from '../statements';
import type { Locale } from '../enums';
import type { FieldRuleKey, FieldRuleParams } from '../schemas/rule-keys';
import { formatMessage, type LocalisedMessage } from './message';

export const FIELD_ERRORS = {
  required: { ja: '{label}は必須です。', en: '{label} is required.' },
  'required.consent': { ja: '{label}への同意が必要です。', en: 'You must agree to {label}.' },
  pattern: { ja: '{label}の形式が正しくありません。', en: '{label} is in an invalid format.' },
  'pattern.halfwidthNumber': { ja: '{label}は半角数字で入力してください。', en: 'Please enter {label} in half-width numbers.' },
  'pattern.number': { ja: '{label}は数値で入力してください。', en: '{label} must be a number.' },
  'pattern.multipleOf10': { ja: '{label}は10の倍数で入力してください。', en: '{label} must be a multiple of 10.' },
  'pattern.passwordV1': {
    ja: '{label}は半角の英字と数字をそれぞれ1文字以上含めてください（記号も使えます）。',
    en: '{label} must contain at least one letter and one number in half-width characters (symbols are allowed).',
  },
  'pattern.postalCode': {
    ja: '{label}は7桁の数字で入力してください（例：152-0001）。',
    en: 'Please enter {label} as 7 digits (e.g. 152-0001).',
  },
  'pattern.katakana': { ja: '{label}は全角カタカナで入力してください。', en: 'Please enter {label} in full-width katakana.' },
  'pattern.invalidCharacter': {
    ja: '{label}に使用できない文字が含まれています。',
    en: '{label} contains a character that cannot be used.',
  },
  value: { ja: '{label}の値が正しくありません。', en: '{label} has an invalid value.' },
  'validate.required': { ja: 'すべての項目を入力してください。', en: 'All fields are required.' },
  'validate.year': { ja: '年が正しくありません。', en: 'Invalid year.' },
  'validate.month': { ja: '月が正しくありません。', en: 'Invalid month.' },
  'validate.date': { ja: '日付が正しくありません。', en: 'Invalid date.' },
  minLength: { ja: '{label}は{min}文字以上で入力してください。', en: '{label} must be at least {min} characters.' },
  maxLength: { ja: '{label}は{max}文字以内で入力してください。', en: '{label} must be at most {max} characters.' },
  min: { ja: '{label}は{min}以上で入力してください。', en: '{label} must be {min} or more.' },
  max: { ja: '{label}は{max}以下で入力してください。', en: '{label} must be {max} or less.' },
  unique: { ja: 'すでに使用されています。', en: 'Already in use.' },
  pastDate: { ja: '今日より前の日付は設定できません。', en: 'Cannot be set before today.' },
  endBeforeStart: { ja: '{label}は開始日より後の日付にしてください。', en: '{label} must be on or after the start date.' },
  tooLong: { ja: 'キャンペーンの期間は365日以内にしてください。', en: 'A campaign can run for at most 365 days.' },
  promotionCode: {
    ja: 'このプロモーションコードはこのキャンペーンには適用できません。',
    en: 'The promotion code cannot be applied for this campaign.',
  },
  imagePixels: {
    ja: `{label}の画素数が多すぎます。${UPLOAD_IMAGE_MAX_PIXELS / 10_000}万画素（例：6000×4000）以下の画像を選んでください。`,
    en: `{label} has too many pixels. Choose an image of at most ${UPLOAD_IMAGE_MAX_PIXELS / 1_000_000} megapixels (e.g. 6000 × 4000).`,
  },
  'bankAccount.notFound': {
    ja: 'この口座は見つかりませんでした。銀行・支店・口座番号をご確認ください。',
    en: 'The bank found no such account. Please check the bank, branch and account number.',
  },
  'bankAccount.closed': { ja: 'この口座は解約されています。', en: 'This account is closed.' },
  'bankAccount.holderMismatch': {
    ja: '{label}が銀行の登録と一致しません。通帳の表記どおりに入力してください。',
    en: "{label} does not match the bank's records. Please enter it as printed in the passbook.",
  },
  'corporateNumber.checkDigit': {
    ja: '{label}が正しくありません。13桁の番号を、国税庁の法人番号公表サイトの表記どおりに入力してください。',
    en: '{label} is not a valid corporate number. Please enter the 13 digits as the National Tax Agency publishes them.',
  },
  'pattern.associateUid': {
    ja: '{label}は半角英小文字・数字・ハイフンの3〜40文字で、英数字で始めて終えてください。',
    en: '{label} must be 3 to 40 lower-case letters, digits or hyphens, starting and ending with a letter or digit.',
  },
  'payoutRun.asOfTooFar': {
    ja: `{label}は今日から${PAYOUT_AS_OF_MAX_DAYS}日以内の日付にしてください。`,
    en: `{label} must be within ${PAYOUT_AS_OF_MAX_DAYS} days from today.`,
  },
} as const satisfies Record<FieldRuleKey, LocalisedMessage>;

/**
 * The message for a failed rule on a field labelled `label` (already in `locale`). Bounds are
 * printed as given: pass a formatted string (e.g. from formatYenAmount) where a number alone
 * would read badly.
 */
export function fieldErrorMessage(
  rule: FieldRuleKey,
  label: string,
  locale: Locale,
  params: { [K in keyof FieldRuleParams]?: number | string } = {},
): string {
  const values: Record<string, string | number> = { label };
  if (params.min !== undefined) values.min = params.min;
  if (params.max !== undefined) values.max = params.max;
  return formatMessage(FIELD_ERRORS[rule][locale], values);
}
