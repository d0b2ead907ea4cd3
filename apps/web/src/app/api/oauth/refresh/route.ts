// POST /api/oauth/refresh {locale}: the refresh-token cookie (sent only to /api/oauth) buys a new
// token pair before the access token expires (spec §4; the API rotates the refresh token, RFC 6749
// §6). A spent or unknown one ends the session here too: 401 with the cookies cleared.
import { ApiError } from '@/lib/api-client';
import { localeOf, relayedError, requestToken, signedInResponse } from '@/lib/auth-api';
import {
  clearedSessionCookies,
  isSameOrigin,
  jsonWithCookies,
  readCookie,
  REFRESH_COOKIE_NAME,
  TOKEN_PATTERN,
} from '@/lib/session-cookies';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  if (!isSameOrigin(request)) return Response.json({ detail: 'cross-origin request refused' }, { status: 403 });
  const refreshToken = readCookie(request, REFRESH_COOKIE_NAME);
  const ended = () => jsonWithCookies({ code: 'unauthorized', detail: 'no session to refresh' }, 401, clearedSessionCookies(request));
  if (!refreshToken || !TOKEN_PATTERN.test(refreshToken)) return ended();
  const body = (await request.json().catch(() => null)) as { locale?: unknown } | null;
  try {
    const tokens = await requestToken(request, { grant_type: 'refresh_token', refresh_token: refreshToken });
    return await signedInResponse(request, tokens, localeOf(body?.locale));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) return ended();
    return relayedError(error);
  }
}
