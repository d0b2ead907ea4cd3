// The browser's side of the front-end auth routes (app/api/oauth/*): post the credentials, keep the
// answer in the auth state, or turn the failure into the catalogue's message (spec §8 "Account").
import { ACCOUNT_ERRORS, matchSignupFieldError } from '@kifu/domain/catalogue/account-errors';
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import type { Locale } from '@kifu/domain/enums';
import type { SessionUser } from '@/lib/session-user';

export type SignInResult =
  { ok: true; user: SessionUser; expiresIn: number } | { ok: false; message: string; field?: 'email' | 'password' };

export async function signIn(
  mode: 'login' | 'signup',
  body: { email: string; password: string; locale: Locale },
  fetchImpl: typeof fetch = fetch,
): Promise<SignInResult> {
  const { locale } = body;
  let response: Response;
  try {
    response = await fetchImpl(mode === 'login' ? '/api/oauth/login-with-password' : '/api/oauth/signup', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: ACCOUNT_ERRORS.network[locale] };
  }
  const answer = (await response.json().catch(() => ({}))) as { user?: SessionUser; expiresIn?: number; detail?: string };
  if (response.ok && answer.user && typeof answer.expiresIn === 'number')
    return { ok: true, user: answer.user, expiresIn: answer.expiresIn };
  if (response.status === 429) return { ok: false, message: API_ERROR_MESSAGES.rate_limited[locale] };
  const detail = answer.detail ?? '';
  if (mode === 'login') {
    return {
      ok: false,
      message: ACCOUNT_ERRORS[response.status === 400 && detail.startsWith('invalid_grant') ? 'loginInvalidGrant' : 'loginFailed'][locale],
    };
  }
  const matched = response.status === 400 ? matchSignupFieldError(detail) : { key: 'signupUnknown' as const };
  const field = 'field' in matched && (matched.field === 'email' || matched.field === 'password') ? matched.field : undefined;
  return { ok: false, message: ACCOUNT_ERRORS[matched.key][locale], field };
}
