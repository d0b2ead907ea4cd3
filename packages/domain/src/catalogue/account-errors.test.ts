import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, loginErrorKey, matchSignupFieldError, signupRefusal } from './account-errors';

describe('matchSignupFieldError', () => {
  it('reads the words of spec §5 and names the field', () => {
    expect(matchSignupFieldError('user with this email must be unique.')).toEqual({ field: 'email', key: 'signupEmailDuplicated' });
    expect(matchSignupFieldError('Ensure this field has at least 6 characters.')).toEqual({
      field: 'password',
      key: 'signupPasswordTooShort',
    });
    expect(matchSignupFieldError('Date has wrong format. Use YYYY-MM-DD.')).toEqual({ field: 'birthday', key: 'signupBirthdayFormat' });
    expect(matchSignupFieldError('Unique constraint')).toEqual({ field: 'email', key: 'signupEmailDuplicated' });
  });

  it('falls back to the unknown signup error', () => {
    expect(matchSignupFieldError('boom')).toEqual({ key: 'signupUnknown' });
    expect(ACCOUNT_ERRORS[matchSignupFieldError('').key].en).toBe('An unknown error has been occurred during signing up.');
  });
});

describe('signupRefusal', () => {
  it("reads the bot check's refusals as the donation form does, in the reader's language", () => {
    expect(signupRefusal('Failed to authorize access by reCAPTCHA.', 'ja')).toEqual({
      message: 'reCAPTCHAによるアクセスの認証に失敗しました。',
    });
    expect(signupRefusal('Mechanical operation detected.', 'en')).toEqual({ message: 'Mechanical operation detected.' });
    expect(signupRefusal('The reCAPTCHA check service is unavailable right now. Please try again later.', 'en').message).toMatch(
      /try again later/,
    );
  });

  it("reads any other detail as a signup field's", () => {
    expect(signupRefusal('email: unique', 'en')).toEqual({ message: 'This E-Mail is already used.', field: 'email' });
    expect(signupRefusal('boom', 'ja')).toEqual({ message: ACCOUNT_ERRORS.signupUnknown.ja });
  });
});

describe('loginErrorKey', () => {
  it('invalid_grant means no matching account', () => {
    expect(loginErrorKey('invalid_grant')).toBe('loginInvalidGrant');
    expect(loginErrorKey('server_error')).toBe('loginFailed');
    expect(loginErrorKey(undefined)).toBe('loginFailed');
  });
});
