// The session of a signed-in supporter lives in httpOnly cookies the page's scripts cannot read
// (ADR 029): `user_token` (spec §9: the access token, path /, lifetime from the API's expires_in)
// and `user_refresh_token` (only ever sent to the front-end auth routes under /api/oauth, which
// rotate it). Only same-origin requests may set or clear them (a cross-site form must not plant
// its own session: login CSRF). Server-side only.
import { AUTH_COOKIE_NAME } from '@kifu/domain/constants';
import { PROXY_SECRET_HEADER } from '@/server/forwarded-for';

export const REFRESH_COOKIE_NAME = 'user_refresh_token';
/** The front-end auth routes; the refresh cookie goes nowhere else. */
export const REFRESH_COOKIE_PATH = '/api/oauth';
/** The refresh token outlives the access token; the API expires it on its own schedule. */
const REFRESH_COOKIE_MAX_AGE_S = 90 * 86_400;

/** The API's tokens are opaque printable strings; anything else is refused. */
export const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{16,512}$/;

export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function isHttps(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(/:$/, '')) === 'https';
}

function cookie(
  request: Request,
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; sameSite: 'Lax' | 'Strict' },
): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    ...(isHttps(request) ? ['Secure'] : []),
  ].join('; ');
}

/** Set-Cookie values of a session: the access token for `expiresIn` seconds, and the refresh token when given. */
export function sessionCookies(request: Request, session: { accessToken: string; expiresIn: number; refreshToken?: string }): string[] {
  const cookies = [
    cookie(request, AUTH_COOKIE_NAME, session.accessToken, { path: '/', maxAgeSeconds: session.expiresIn, sameSite: 'Lax' }),
  ];
  if (session.refreshToken) {
    cookies.push(
      cookie(request, REFRESH_COOKIE_NAME, session.refreshToken, {
        path: REFRESH_COOKIE_PATH,
        maxAgeSeconds: REFRESH_COOKIE_MAX_AGE_S,
        sameSite: 'Strict',
      }),
    );
  }
  return cookies;
}

/** Set-Cookie values that end the session in this browser. */
export function clearedSessionCookies(request: Request): string[] {
  return [
    cookie(request, AUTH_COOKIE_NAME, '', { path: '/', maxAgeSeconds: 0, sameSite: 'Lax' }),
    cookie(request, REFRESH_COOKIE_NAME, '', { path: REFRESH_COOKIE_PATH, maxAgeSeconds: 0, sameSite: 'Strict' }),
  ];
}

/** A JSON answer (never cached) carrying Set-Cookie headers. */
export function jsonWithCookies(body: unknown, status: number, cookies: readonly string[]): Response {
  const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' });
  for (const value of cookies) headers.append('set-cookie', value);
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers });
}

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * Headers that let the API see the browser's address on a call this server makes for it, so the
 * per-address login and sign-up limits still count the browser, not this server. serve.ts set
 * both on the incoming request (and dropped whatever the browser claimed).
 */
export function clientAddressHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  const forwarded = request.headers.get('x-forwarded-for');
  const secret = request.headers.get(PROXY_SECRET_HEADER);
  if (forwarded && secret) {
    headers['x-forwarded-for'] = forwarded;
    headers[PROXY_SECRET_HEADER] = secret;
  }
  return headers;
}
