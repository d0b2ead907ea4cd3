import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, loginErrorKey, matchSignupFieldError } from './account-errors';

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

describe('loginErrorKey', () => {
  it('invalid_grant means no matching account', () => {
    expect(loginErrorKey('invalid_grant')).toBe('loginInvalidGrant');
    expect(loginErrorKey('server_error')).toBe('loginFailed');
    expect(loginErrorKey(undefined)).toBe('loginFailed');
  });
});
