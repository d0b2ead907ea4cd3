// GET /api/oauth/social/callback?code=&state= : back from the provider. The state must be this
// browser's attempt; the code becomes the provider's access token (server-side, with the client
// secret), which the API turns into Kifu's token pair for the linked account (spec §7). Then the
// login page finishes in the browser (its auth state), or shows why not (spec §8 social messages).
import { safeNextPath } from '@/features/auth/credentials';
import { ApiError, createApiClient } from '@/lib/api-client';
import { env } from '@/lib/env';
import { type TokenPair } from '@/lib/auth-api';
import { clientAddressHeaders, readCookie, sessionCookies } from '@/lib/session-cookies';
import { decodeAttempt, exchangeCode, SOCIAL_COOKIE, SOCIAL_COOKIE_PATH } from '@/lib/social-login';

export const dynamic = 'force-dynamic';

/** The API's error detail prefix → the code the login page maps to its message. */
function socialErrorOf(error: unknown): string {
  if (error instanceof ApiError) {
    const prefix = /^(social_[a-z_]+)/.exec(error.detail)?.[1];
    if (prefix === 'social_signup_closed' || prefix === 'social_no_email' || prefix === 'social_invalid_token')
      return prefix.replace('social_', '');
  }
  return 'failed';
}

export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const attempt = decodeAttempt(readCookie(request, SOCIAL_COOKIE));
  const prefix = attempt?.locale === 'en' ? '/en' : '';
  // The cookie is not signed: its next path is checked again, as the start route checked it, so a
  // planted cookie cannot make the login page send the browser off-site (ADR 055).
  const next = safeNextPath(attempt?.next);
  const clearAttempt = `${SOCIAL_COOKIE}=; Path=${SOCIAL_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`;
  const back = (query: Record<string, string>, cookies: string[] = []) => {
    const url = new URL(`${prefix}/login`, env.WEB_ORIGIN);
    for (const [name, value] of Object.entries({ ...query, next })) url.searchParams.set(name, value);
    const headers = new Headers({ location: url.toString(), 'cache-control': 'no-store' });
    for (const cookie of [clearAttempt, ...cookies]) headers.append('set-cookie', cookie);
    return new Response(null, { status: 302, headers });
  };
  const code = params.get('code');
  // A cancelled sign-in, a forged or stale state, or a missing code: no token from the provider.
  if (!attempt || params.get('state') !== attempt.state || !code || code.length > 512) return back({ social_error: 'no_token' });
  try {
    const providerToken = await exchangeCode(code, attempt.verifier);
    if (!providerToken) return back({ social_error: 'no_token' });
    const { content } = await createApiClient(env.API_INTERNAL_URL).request<TokenPair>('POST', '/auth/social/convert-token/', {
      body: { backend: 'kifu-id', token: providerToken },
      init: { cache: 'no-store', headers: clientAddressHeaders(request) },
    });
    if (!content) return back({ social_error: 'failed' });
    return back(
      { social: 'signed-in', expires_in: String(content.expires_in) },
      sessionCookies(request, { accessToken: content.access_token, expiresIn: content.expires_in, refreshToken: content.refresh_token }),
    );
  } catch (error) {
    return back({ social_error: socialErrorOf(error) });
  }
}
