// POST /api/session {accessToken} → 204 with the auth cookie (spec §9: user_token, 60 days);
// DELETE /api/session → 204 with the cookie expired (spec §4 Authentication 4: a 401 while
// fetching the user removes the stored session).
// The browser cannot set an httpOnly cookie itself, so the donation form's sign-up posts the new
// token here. Same-origin only: a cross-site form must not plant its own session (login CSRF).
// The token is checked with the API first (GET /user/me/): a made-up or expired one gets no cookie.
import { AUTH_COOKIE_MAX_AGE_DAYS, AUTH_COOKIE_NAME } from '@kifu/domain/constants';
import { ApiError, createApiClient } from '@/lib/api-client';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

/** The API's tokens are opaque printable strings; anything else is refused. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{16,512}$/;

function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return false;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function isHttps(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(/:$/, '')) === 'https';
}

export async function POST(request: Request) {
  if (!isSameOrigin(request)) return Response.json({ detail: 'cross-origin request refused' }, { status: 403 });
  const body = (await request.json().catch(() => null)) as { accessToken?: unknown } | null;
  const token = body?.accessToken;
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return Response.json({ detail: 'accessToken is required' }, { status: 400 });
  const verdict = await checkToken(token);
  if (verdict === 'unknown') return Response.json({ detail: 'the access token is unknown or expired' }, { status: 401 });
  if (verdict === 'unavailable') return Response.json({ detail: 'the token could not be checked; try again' }, { status: 503 });
  return sessionCookieResponse(request, token, AUTH_COOKIE_MAX_AGE_DAYS * 86_400);
}

/** Asks the API whose token this is: a 401 means nobody's; no answer or any other failure means we cannot tell. */
async function checkToken(token: string): Promise<'valid' | 'unknown' | 'unavailable'> {
  try {
    await createApiClient(env.API_INTERNAL_URL).request('GET', '/user/me/', { token, init: { cache: 'no-store' } });
    return 'valid';
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? 'unknown' : 'unavailable';
  }
}

export async function DELETE(request: Request) {
  if (!isSameOrigin(request)) return Response.json({ detail: 'cross-origin request refused' }, { status: 403 });
  return sessionCookieResponse(request, '', 0);
}

function sessionCookieResponse(request: Request, value: string, maxAgeSeconds: number): Response {
  const cookie = [
    `${AUTH_COOKIE_NAME}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(isHttps(request) ? ['Secure'] : []),
  ].join('; ');
  return new Response(null, { status: 204, headers: { 'set-cookie': cookie, 'cache-control': 'no-store' } });
}
