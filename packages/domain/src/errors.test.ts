// Every catalogue entry exists in both languages: non-empty, Japanese text in ja, none in en, and
// the same placeholders on both sides.
import { describe, expect, it } from 'vitest';
import * as errors from './errors';
import type { LocalisedMessage } from './errors';

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]/;

function isMessage(value: unknown): value is LocalisedMessage {
  return typeof value === 'object' && value !== null && 'ja' in value && 'en' in value;
}

const catalogues = Object.entries(errors).filter(
  ([, value]) => typeof value === 'object' && value !== null && Object.values(value).every(isMessage),
) as [string, Record<string, LocalisedMessage>][];
const entries = catalogues.flatMap(([catalogue, messages]) =>
  Object.entries(messages).map(([key, message]) => [`${catalogue}.${key}`, message] as const),
);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the message catalogue', () => {
  it('covers every catalogue of spec §8 and of the receipts (ADR 033)', () => {
    expect(catalogues.map(([name]) => name).sort()).toEqual([
      'ACCOUNT_ERRORS',
      'AMOUNT_MESSAGES',
      'API_ERROR_MESSAGES',
      'CARD_CHECK',
      'DONATION_ERRORS',
      'FIELD_ERRORS',
      'GIFT_DESCRIPTIONS',
      'NOTICES',
      'PAGE_ERRORS',
      'READINESS_GAP_MESSAGES',
      'RECEIPT_ERRORS',
      'RECEIPT_TEXTS',
      'RECURRING_ERRORS',
      'SUSPICIOUS_ADDRESS_MESSAGES',
      'TAX_ELIGIBILITY_LABELS',
      'TAX_SUMMARY_TEXTS',
    ]);
  });

  it.each(entries)('%s has ja and en text in their own scripts', (_key, message) => {
    expect(typeof message.ja).toBe('string');
    expect(typeof message.en).toBe('string');
    expect(message.ja.trim()).not.toBe('');
    expect(message.en.trim()).not.toBe('');
    expect(message.ja).toMatch(JAPANESE);
    expect(message.en).not.toMatch(JAPANESE);
    expect(placeholders(message.ja)).toEqual(placeholders(message.en));
  });
});

describe('the wording the spec quotes', () => {
  it('is kept verbatim in English', () => {
    expect(errors.PAGE_ERRORS.unknown.en).toBe('An unknown error has been occurred');
    expect(errors.PAGE_ERRORS.network.en).toBe('A network error has been occurred');
    expect(errors.PAGE_ERRORS.notFound.en).toBe("This URL doesn't exist");
    expect(errors.PAGE_ERRORS.botCheck.en).toBe('Failed to authorize access by reCAPTCHA');
    expect(errors.NOTICES.loginRequired.en).toBe('Please login first to visit this page.');
    expect(errors.NOTICES.loggedOut.en).toBe('Logged out.');
    expect(errors.NOTICES.cancelled.en).toBe('Cancelled.');
    expect(errors.NOTICES.updateAvailable.en).toBe('There is an update version for this site. Update now?');
    expect(errors.ACCOUNT_ERRORS.signupEmailDuplicated.en).toBe('This E-Mail is already used.');
    expect(errors.ACCOUNT_ERRORS.signupPasswordTooShort.en).toBe('Password must be at least 6 characters.');
    expect(errors.ACCOUNT_ERRORS.signupUnknown.en).toBe('An unknown error has been occurred during signing up.');
    expect(errors.ACCOUNT_ERRORS.loginInvalidGrant.en).toBe('No valid account was found for given pair of E-Mail and Password.');
    expect(errors.ACCOUNT_ERRORS.loginFailed.en).toBe('An error has been occurred during logging in.');
    expect(errors.ACCOUNT_ERRORS.fetchUser.en).toBe('Failed to fetch authenticated user info.');
    expect(errors.ACCOUNT_ERRORS.network.en).toBe('Network error has been occurred.');
    expect(errors.ACCOUNT_ERRORS.unknown.en).toBe('Unknown error has been occurred.');
    expect(errors.ACCOUNT_ERRORS.cardUpdate.en).toBe('Failed to update credit card information.');
    expect(errors.ACCOUNT_ERRORS.profileUpdate.en).toBe('Failed to update user information.');
    expect(errors.ACCOUNT_ERRORS.emailDuplicated.en).toBe('This E-Mail is already used.');
    expect(errors.ACCOUNT_ERRORS.emailUpdate.en).toBe('Failed to update E-Mail.');
    expect(errors.ACCOUNT_ERRORS.passwordRecoveryNotFound.en).toBe("We couldn't find any account with that e-mail address.");
    expect(errors.ACCOUNT_ERRORS.passwordRecoveryFailed.en).toBe('An error has been occurred.');
    expect(errors.ACCOUNT_ERRORS.recurringStatus.en).toBe('Failed to fetch recurring support status for registered credit card.');
    expect(errors.ACCOUNT_ERRORS.socialNoEmail.en).toBe("Couldn't read e-mail address from account. Please check the given permission.");
    expect(errors.DONATION_ERRORS.automationDetected.en).toBe('Mechanical operation detected.');
    expect(errors.CARD_CHECK.checking.en).toBe('Checking credit card status.');
    expect(errors.CARD_CHECK.confirmed.en).toBe('The credit card was successfully confirmed.');
    expect(errors.CARD_CHECK.confirmError.en).toBe('An error occurred during credit card confirmation.');
    expect(errors.CARD_CHECK.authorizing.en).toBe('Authorizing the credit card.');
    expect(errors.CARD_CHECK.authorizeError.en).toBe('An error occurred during credit card authorization.');
    expect(errors.FIELD_ERRORS['validate.required'].en).toBe('All fields are required.');
    expect(errors.FIELD_ERRORS.unique.en).toBe('Already in use.');
    expect(errors.FIELD_ERRORS.pastDate.en).toBe('Cannot be set before today.');
    expect(errors.FIELD_ERRORS.promotionCode.en).toBe('The promotion code cannot be applied for this campaign.');
    expect(errors.AMOUNT_MESSAGES.aboveMax.en).toBe('Support amount exceeded. If you choose {method}, the upper limitation is {max}.');
    expect(errors.AMOUNT_MESSAGES.rangeNote.en).toBe('at least {min}, up to {max}');
  });
});
