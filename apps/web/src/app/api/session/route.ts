// POST /api/session {accessToken} → 204 with the auth cookie (spec §9: user_token, 60 days);
// DELETE /api/session → 204 with the cookie expired (spec §4 Authentication 4: a 401 while
// fetching the user removes the stored session).
// The browser cannot set an httpOnly cookie itself, so the donation form's sign-up posts the new
// token here. Same-origin only: a cross-site form must not plant its own session (login CSRF).
// The token is checked with the API first (GET /user/me/): a made-up or expired one gets no cookie.
import { AUTH_COOKIE_MAX_AGE_DAYS } from '@kifu/domain/constants';
import { ApiError, createApiClient } from '@/lib/api-client';
import { env } from '@/lib/env';
import { clearedSessionCookies, isSameOrigin, jsonWithCookies, sessionCookies, TOKEN_PATTERN } from '@/lib/session-cookies';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  if (!isSameOrigin(request)) return Response.json({ detail: 'cross-origin request refused' }, { status: 403 });
  const body = (await request.json().catch(() => null)) as { accessToken?: unknown } | null;
  const token = body?.accessToken;
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return Response.json({ detail: 'accessToken is required' }, { status: 400 });
  const verdict = await checkToken(token);
  if (verdict === 'unknown') return Response.json({ detail: 'the access token is unknown or expired' }, { status: 401 });
  if (verdict === 'unavailable') return Response.json({ detail: 'the token could not be checked; try again' }, { status: 503 });
  return jsonWithCookies(null, 204, sessionCookies(request, { accessToken: token, expiresIn: AUTH_COOKIE_MAX_AGE_DAYS * 86_400 }));
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
  return jsonWithCookies(null, 204, clearedSessionCookies(request));
}
