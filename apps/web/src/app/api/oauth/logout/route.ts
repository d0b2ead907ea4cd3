// POST /api/oauth/logout (spec §4 Authentication 5): the API revokes the access token and its
// refresh token, and the cookies are cleared whatever the API answered — the supporter asked to
// leave, and a token the API could not revoke now expires unused in no browser.
import { AUTH_COOKIE_NAME } from '@kifu/domain/constants';
import { revokeToken } from '@/lib/auth-api';
import { clearedSessionCookies, isSameOrigin, jsonWithCookies, readCookie, TOKEN_PATTERN } from '@/lib/session-cookies';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  if (!isSameOrigin(request)) return Response.json({ detail: 'cross-origin request refused' }, { status: 403 });
  const token = readCookie(request, AUTH_COOKIE_NAME);
  if (token && TOKEN_PATTERN.test(token)) await revokeToken(token).catch(() => undefined);
  return jsonWithCookies(null, 204, clearedSessionCookies(request));
}
