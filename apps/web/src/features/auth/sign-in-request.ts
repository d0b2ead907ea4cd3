// The browser's side of the front-end auth routes (app/api/oauth/*): post the credentials, keep the
// answer in the auth state, or turn the failure into the catalogue's message (spec §8 "Account").
import { ACCOUNT_ERRORS, signupRefusal } from '@kifu/domain/catalogue/account-errors';
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import type { Locale } from '@kifu/domain/enums';
import type { SessionUser } from '@/lib/session-user';

export type SignInResult =
  { ok: true; user: SessionUser; expiresIn: number } | { ok: false; message: string; field?: 'email' | 'password' };

export async function signIn(
  mode: 'login' | 'signup',
  /** `recaptcha_token`: sign-up's bot-check token (ADR 056). */
  body: { email: string; password: string; locale: Locale; recaptcha_token?: string },
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
  // A field's refusal (400), or the bot check's (403, or 502 when its service was away).
  const refusal = signupRefusal(detail, locale);
  const field = refusal.field === 'email' || refusal.field === 'password' ? refusal.field : undefined;
  return { ok: false, message: refusal.message, field };
}
