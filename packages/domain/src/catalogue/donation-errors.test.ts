import { describe, expect, it } from 'vitest';
import { DONATION_ERRORS, donationErrorMessage, matchDonationError, type DonationErrorKey } from './donation-errors';

/** The errors chosen by matching a server detail (spec §8 "Donation"), plus the bot check. */
const MATCHED: DonationErrorKey[] = [
  'automationDetected',
  'campaignNotFound',
  'campaignClosed',
  'portfolioNotFound',
  'invalidSecurityCode',
  'creditLimitExceeded',
  'stolenOrLostCard',
  'paymentRejected',
  'fraudCheck',
  'invalidAccountNumber',
  'timedOut',
  'walletRejected',
  'cardNotValid',
  'possibleCreditLimit',
  'expiredCard',
  'rewardOutOfStock',
  'botCheck',
  'botCheckUnavailable',
];

describe('matchDonationError', () => {
  it.each(MATCHED)('reads back its own Japanese and English message for %s', (key) => {
    expect(matchDonationError(DONATION_ERRORS[key].ja)).toBe(key);
    expect(matchDonationError(DONATION_ERRORS[key].en)).toBe(key);
  });

  it.each([
    ['insufficient_fund', 'creditLimitExceeded'],
    ['stolen_or_lost_card', 'stolenOrLostCard'],
    ['failed_processing', 'paymentRejected'],
    ['payment_rejected', 'paymentRejected'],
    ['failed_fraud_check', 'fraudCheck'],
    ['invalid_account_number', 'invalidAccountNumber'],
    ['invalid_security_code', 'invalidSecurityCode'],
    ['invalid_card', 'cardNotValid'],
    ['expired_card', 'expiredCard'],
    ['timeout', 'timedOut'],
  ] as const)('maps the gateway failure code %s to %s', (code, key) => {
    expect(matchDonationError(code)).toBe(key);
    expect(matchDonationError(`Charge failed (${code})`)).toBe(key);
  });

  it.each([
    ['Mechanical operation detected.', 'automationDetected'],
    ['機械的な操作を検知しました', 'automationDetected'],
    ['Campaign not found', 'campaignNotFound'],
    ['指定されたキャンペーンが見つかりません', 'campaignNotFound'],
    ['The campaign has already finished', 'campaignClosed'],
    ['キャンペーンの募集は締め切られました', 'campaignClosed'],
    ['Security code is invalid', 'invalidSecurityCode'],
    ['insufficient funds in the account or the card has reached the credit limit', 'creditLimitExceeded'],
    ['カードの残高不足です', 'creditLimitExceeded'],
    ['Possible credit limit exceeded', 'possibleCreditLimit'],
    ['利用限度額を超過している可能性があります', 'possibleCreditLimit'],
    ['card was reported as stolen', 'stolenOrLostCard'],
    ['紛失届が出ているカードです', 'stolenOrLostCard'],
    ['Transaction failed', 'paymentRejected'],
    ['payment rejected by issuer', 'paymentRejected'],
    ['取引に失敗しました', 'paymentRejected'],
    ['Card is invalid or unauthorized', 'fraudCheck'],
    ['不正利用の疑いがあります', 'fraudCheck'],
    ['Invalid account number', 'invalidAccountNumber'],
    ['Request timed out', 'timedOut'],
    ['通信がタイムアウトしました', 'timedOut'],
    ['Rejected by Amazon Pay', 'walletRejected'],
    ['Wallet pay declined the payment', 'walletRejected'],
    ['ウォレット決済が拒否されました', 'walletRejected'],
    ['Card not valid', 'cardNotValid'],
    ['無効なカードです', 'cardNotValid'],
    ['Expired card', 'expiredCard'],
    ['The card is expired', 'expiredCard'],
    ['Reward is out of stock', 'rewardOutOfStock'],
    ['リターンが売り切れました', 'rewardOutOfStock'],
    ['reCAPTCHA verification failed', 'botCheck'],
  ] as const)('reads %j as %s', (detail, key) => {
    expect(matchDonationError(detail)).toBe(key);
  });

  it('is case-insensitive for English', () => {
    expect(matchDonationError('INSUFFICIENT_FUND')).toBe('creditLimitExceeded');
    expect(matchDonationError('possible CREDIT LIMIT exceeded')).toBe('possibleCreditLimit');
  });

  it('gives the generic error for anything else', () => {
    for (const detail of ['', 'Something went wrong', 'エラー', DONATION_ERRORS.generic.ja, DONATION_ERRORS.generic.en]) {
      expect(matchDonationError(detail)).toBe('generic');
    }
  });
});

describe('donationErrorMessage', () => {
  it('gives the message in the requested language', () => {
    expect(donationErrorMessage('insufficient_fund', 'en')).toBe(DONATION_ERRORS.creditLimitExceeded.en);
    expect(donationErrorMessage('insufficient_fund', 'ja')).toBe(DONATION_ERRORS.creditLimitExceeded.ja);
    expect(donationErrorMessage('???', 'ja')).toBe(DONATION_ERRORS.generic.ja);
  });
});
