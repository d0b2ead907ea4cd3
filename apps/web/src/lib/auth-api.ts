// The API's auth calls as the front-end auth routes make them (app/api/oauth/*): server-side, with
// the browser's address passed on (session-cookies.ts clientAddressHeaders), answering what the
// browser may know — never a token.
import { LOCALES, type Locale } from '@kifu/domain/enums';
import { ApiError, createApiClient, NetworkError } from './api-client';
import { env } from './env';
import { clientAddressHeaders, jsonWithCookies, sessionCookies } from './session-cookies';
import { sessionUserOf, type ApiUser, type SessionUser } from './session-user';

export type { SessionUser } from './session-user';

export interface TokenPair {
  access_token: string;
  expires_in: number;
  refresh_token: string;
}

/** The locale a request names, else the default (spec §9: ja). */
export function localeOf(value: unknown): Locale {
  return (LOCALES as readonly unknown[]).includes(value) ? (value as Locale) : 'ja';
}

const api = () => createApiClient(env.API_INTERNAL_URL);

/** POST /auth/oauth/token/ (password or refresh_token grant) for the browser behind `request`. */
export async function requestToken(request: Request, body: Record<string, string>): Promise<TokenPair> {
  const { content } = await api().request<TokenPair>('POST', '/auth/oauth/token/', {
    body,
    init: { cache: 'no-store', headers: clientAddressHeaders(request) },
  });
  if (!content) throw new ApiError(502, 'the token endpoint answered no body');
  return content;
}

/** `recaptcha_token`: the sign-up form's bot-check token, which the API verifies (ADR 056). */
export async function register(
  request: Request,
  body: { email: string; password: string; locale: Locale; recaptcha_token?: string },
): Promise<void> {
  await api().request('POST', '/auth/register', { body, init: { cache: 'no-store', headers: clientAddressHeaders(request) } });
}

export async function fetchSessionUser(accessToken: string, locale: Locale): Promise<SessionUser> {
  const user = await api().get<ApiUser>('/user/me/', { token: accessToken, query: { lang: locale }, init: { cache: 'no-store' } });
  return sessionUserOf(user);
}

export async function revokeToken(accessToken: string): Promise<void> {
  await api().request('POST', '/auth/logout/', { token: accessToken, init: { cache: 'no-store' } });
}

/** How a failed API call is passed on to the browser: the API's status and error body, or 502/503. */
export function relayedError(error: unknown): Response {
  if (error instanceof ApiError) {
    const status = error.status >= 500 ? 502 : error.status;
    return Response.json(
      { code: error.code, detail: error.detail, ...(error.fields ? { fields: error.fields } : {}) },
      { status, headers: { 'cache-control': 'no-store' } },
    );
  }
  if (error instanceof NetworkError)
    return Response.json({ code: 'service_unavailable', detail: 'the API did not answer' }, { status: 503 });
  throw error;
}

/** The answer of a sign-in (login, sign-up, refresh): the user and expiry for the page, the tokens in httpOnly cookies. */
export async function signedInResponse(request: Request, tokens: TokenPair, locale: Locale, status = 200): Promise<Response> {
  const user = await fetchSessionUser(tokens.access_token, locale);
  return jsonWithCookies(
    { expiresIn: tokens.expires_in, user },
    status,
    sessionCookies(request, { accessToken: tokens.access_token, expiresIn: tokens.expires_in, refreshToken: tokens.refresh_token }),
  );
}
