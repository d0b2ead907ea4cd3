// A guest who entered a password at confirmation is signed up before the gift starts.
import { ACCOUNT_ERRORS, loginErrorKey } from '@kifu/domain/catalogue/account-errors';
import type { Locale } from '@kifu/domain/enums';
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import { ApiError, NetworkError } from '@/lib/api-client';
import { privateProfileOf, type BuiltDonation } from './build-request';
import { signupFailureMessage } from './failure-messages';
import { fail, type SubmitDeps, type SubmitInput } from './submit-types';

/**
 * A fresh bot-check token (spec §4 step 5), undefined when no site key is configured; the
 * bot-check message when none can be had. Tokens are good for one call: the gift and a sign-up
 * before it each take one (ADR 056).
 */
export async function botCheckTokenOf(deps: SubmitDeps, locale: Locale): Promise<string | undefined> {
  if (!deps.botCheckToken) return undefined;
  try {
    return await deps.botCheckToken();
  } catch {
    throw fail(DONATION_ERRORS.botCheck[locale]);
  }
}

/**
 * Spec §4 Authentication 6: sign up (the profile as private_profile, an empty avatar), then log in
 * with the same email and password, and keep the session. Not retried: a repeated sign-up would
 * only meet its own account ('This E-Mail is already used.'). The sign-up passes the bot check
 * with a token of its own, since a token is good for one call (ADR 056).
 */
export async function signUp(input: SubmitInput, deps: SubmitDeps, built: BuiltDonation): Promise<string> {
  const { values, locale } = input;
  const recaptchaToken = await botCheckTokenOf(deps, locale);
  try {
    await deps.api.signup({
      email: built.email,
      password: values.password,
      private_profile: privateProfileOf(built.base.donor),
      avatar_image: { file: null },
      ...(recaptchaToken ? { recaptcha_token: recaptchaToken } : {}),
    });
  } catch (error) {
    throw fail(signupFailureMessage(error, locale));
  }
  let accessToken: string;
  let expiresIn: number;
  try {
    const login = await deps.api.login({ username: built.email, password: values.password });
    accessToken = login.access_token;
    expiresIn = login.expires_in;
  } catch (error) {
    const key =
      error instanceof ApiError ? loginErrorKey(error.detail.startsWith('invalid_grant') ? 'invalid_grant' : undefined) : 'loginFailed';
    throw fail(error instanceof NetworkError ? ACCOUNT_ERRORS.network[locale] : ACCOUNT_ERRORS[key][locale]);
  }
  try {
    await deps.storeSession({ accessToken, expiresIn, email: built.email });
  } catch {
    // The gift itself goes on with the token; only staying signed in after it is lost.
  }
  return accessToken;
}
