// Account errors of spec §8 "Account", and the reading of server details for signup (spec §5
// "Signup": field messages are matched by the words 'unique', 'at least' and 'wrong format') and
// login (spec §7: the error field 'invalid_grant').
import { EMAIL_CHANGE_RECENT_LOGIN_MINUTES } from '../constants';
import type { Locale } from '../enums';
import { DONATION_ERRORS, matchDonationError, type DonationErrorKey } from './donation-errors';
import type { LocalisedMessage } from './message';

const EMAIL_ALREADY_USED: LocalisedMessage = { ja: 'このメールアドレスはすでに使用されています。', en: 'This E-Mail is already used.' };

export const ACCOUNT_ERRORS = {
  signupEmailDuplicated: EMAIL_ALREADY_USED,
  signupPasswordTooShort: { ja: 'パスワードは6文字以上で入力してください。', en: 'Password must be at least 6 characters.' },
  signupBirthdayFormat: { ja: '生年月日の形式が正しくありません。', en: 'Birthday is in the wrong format.' },
  signupUnknown: { ja: '会員登録中に不明なエラーが発生しました。', en: 'An unknown error has been occurred during signing up.' },
  loginInvalidGrant: {
    ja: '入力されたメールアドレスとパスワードに一致するアカウントが見つかりませんでした。',
    en: 'No valid account was found for given pair of E-Mail and Password.',
  },
  loginFailed: { ja: 'ログイン中にエラーが発生しました。', en: 'An error has been occurred during logging in.' },
  fetchUser: { ja: 'ログイン中のユーザー情報を取得できませんでした。', en: 'Failed to fetch authenticated user info.' },
  network: { ja: 'ネットワークエラーが発生しました。', en: 'Network error has been occurred.' },
  unknown: { ja: '不明なエラーが発生しました。', en: 'Unknown error has been occurred.' },
  cardUpdate: { ja: 'クレジットカード情報を更新できませんでした。', en: 'Failed to update credit card information.' },
  /** DELETE /user/me/credit-card/ refused: recurring support (active or suspended) charges the card (ADR 034). */
  cardInUse: {
    ja: 'このクレジットカードは継続中のご支援のお支払いに使われているため、削除できません。',
    en: 'This credit card pays for recurring support, so it cannot be removed.',
  },
  cardRemove: { ja: 'クレジットカード情報を削除できませんでした。', en: 'Failed to remove credit card information.' },
  profileUpdate: { ja: 'ユーザー情報を更新できませんでした。', en: 'Failed to update user information.' },
  emailDuplicated: EMAIL_ALREADY_USED,
  emailUpdate: { ja: 'メールアドレスを更新できませんでした。', en: 'Failed to update E-Mail.' },
  emailChangeInvalidCode: {
    ja: 'この確認リンクは無効か、有効期限が切れています。もう一度メールアドレスの変更をお申し込みください。',
    en: 'This confirmation link is not valid or has expired. Please ask for the change again.',
  },
  /** An account without a password changes its email only soon after signing in (ADR 055). */
  emailChangeRecentLogin: {
    ja: `安全のため、メールアドレスを変更するには、もう一度ログインしてから${EMAIL_CHANGE_RECENT_LOGIN_MINUTES}分以内にお手続きください。`,
    en: `For your security, sign in again and change the e-mail address within ${EMAIL_CHANGE_RECENT_LOGIN_MINUTES} minutes.`,
  },
  emailChangeUndoInvalidCode: {
    ja: 'このリンクは無効か、すでに使われたか、有効期限が切れています。',
    en: 'This link is not valid, has already been used or has expired.',
  },
  emailChangeUndoFailed: { ja: 'メールアドレスを元に戻せませんでした。', en: 'Failed to put the e-mail address back.' },
  passwordUpdate: { ja: 'パスワードを更新できませんでした。', en: 'Failed to update the password.' },
  currentPasswordWrong: { ja: '現在のパスワードが正しくありません。', en: 'The current password is not correct.' },
  nicknameUpdate: { ja: 'ニックネームを更新できませんでした。', en: 'Failed to update nickname.' },
  aboutUpdate: { ja: '自己紹介を更新できませんでした。', en: 'Failed to update About me.' },
  avatarUpdate: { ja: 'プロフィール画像を更新できませんでした。', en: 'Failed to update profile image.' },
  avatarDelete: { ja: 'プロフィール画像を削除できませんでした。', en: 'Failed to delete profile image.' },
  notificationUpdate: { ja: 'お知らせの受信設定を更新できませんでした。', en: 'Failed to update notification preference.' },
  passwordRecoveryNotFound: {
    ja: 'そのメールアドレスで登録されたアカウントは見つかりませんでした。',
    en: "We couldn't find any account with that e-mail address.",
  },
  passwordRecoveryFailed: { ja: 'エラーが発生しました。', en: 'An error has been occurred.' },
  passwordRecoveryInvalidCode: {
    ja: 'このリンクは無効か、有効期限が切れています。もう一度パスワードの再設定をお申し込みください。',
    en: 'This link is not valid or has expired. Please ask for a new password reset.',
  },
  recurringStatus: {
    ja: '登録済みのクレジットカードで継続中の支援を確認できませんでした。',
    en: 'Failed to fetch recurring support status for registered credit card.',
  },
  socialLoginFailed: { ja: 'SNSアカウントでのログインに失敗しました。', en: 'Failed to log in with the social network account.' },
  socialSignupUnavailable: {
    ja: 'SNSアカウントでの新規登録は終了しました。メールアドレスで会員登録してください。',
    en: 'Sign-up with a social network account is no longer available. Please sign up with your e-mail address.',
  },
  socialNoToken: {
    ja: 'SNSアカウントの認証情報を取得できませんでした。',
    en: "Couldn't get an access token from the social network account.",
  },
  socialNoEmail: {
    ja: 'アカウントからメールアドレスを取得できませんでした。許可した権限をご確認ください。',
    en: "Couldn't read e-mail address from account. Please check the given permission.",
  },
  socialUnregistered: {
    ja: 'このSNSアカウントと連携した会員登録はありません。',
    en: 'No account is registered with this social network account.',
  },
} as const satisfies Record<string, LocalisedMessage>;
export type AccountErrorKey = keyof typeof ACCOUNT_ERRORS;

export type SignupErrorField = 'email' | 'password' | 'birthday';

export interface SignupFieldError {
  /** The field to mark; undefined when the detail names none of them. */
  field?: SignupErrorField;
  key: 'signupEmailDuplicated' | 'signupPasswordTooShort' | 'signupBirthdayFormat' | 'signupUnknown';
}

/** Reads a signup error detail from the server (spec §5 "Signup"). */
export function matchSignupFieldError(detail: string): SignupFieldError {
  const text = detail.toLowerCase();
  if (text.includes('unique')) return { field: 'email', key: 'signupEmailDuplicated' };
  if (text.includes('at least')) return { field: 'password', key: 'signupPasswordTooShort' };
  if (text.includes('wrong format')) return { field: 'birthday', key: 'signupBirthdayFormat' };
  return { key: 'signupUnknown' };
}

const BOT_CHECK_REFUSALS = new Set<DonationErrorKey>(['botCheck', 'automationDetected', 'botCheckUnavailable']);

/**
 * A refused signup's message and the field to mark: signup passes the bot check as a donation does
 * (ADR 056), so a refusal of it reads as the donation form's; anything else is a signup field's
 * (spec §5 "Signup").
 */
export function signupRefusal(detail: string, locale: Locale): { message: string; field?: SignupErrorField } {
  const botCheck = matchDonationError(detail);
  if (BOT_CHECK_REFUSALS.has(botCheck)) return { message: DONATION_ERRORS[botCheck][locale] };
  const { key, field } = matchSignupFieldError(detail);
  return { message: ACCOUNT_ERRORS[key][locale], ...(field ? { field } : {}) };
}

/** The login message for the OAuth error field of a failed login (spec §7). */
export function loginErrorKey(error: string | undefined): 'loginInvalidGrant' | 'loginFailed' {
  return error === 'invalid_grant' ? 'loginInvalidGrant' : 'loginFailed';
}
