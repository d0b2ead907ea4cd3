// POST /api/oauth/login-with-password {email, password, locale} (spec §7 front-end routes, §4
// Authentication 3): logs in at the API from this server, puts the token pair in httpOnly cookies
// (lib/session-cookies.ts, ADR 029) and answers {expiresIn, user}; the browser never holds a token.
// A refused pair is the API's 400 invalid_grant, relayed for the catalogue's message (spec §8).
import { localeOf, relayedError, requestToken, signedInResponse } from '@/lib/auth-api';
import { isSameOrigin } from '@/lib/session-cookies';

export const dynamic = 'force-dynamic';

const MAX_FIELD_LENGTH = 256;

export async function POST(request: Request) {
  if (!isSameOrigin(request)) return Response.json({ detail: 'cross-origin request refused' }, { status: 403 });
  const body = (await request.json().catch(() => null)) as { email?: unknown; password?: unknown; locale?: unknown } | null;
  const { email, password } = body ?? {};
  if (
    typeof email !== 'string' ||
    typeof password !== 'string' ||
    email === '' ||
    password === '' ||
    email.length > MAX_FIELD_LENGTH ||
    password.length > MAX_FIELD_LENGTH
  ) {
    return Response.json({ code: 'validation_failed', detail: 'email and password are required' }, { status: 400 });
  }
  const locale = localeOf(body?.locale);
  try {
    const tokens = await requestToken(request, { grant_type: 'password', username: email, password, locale });
    return await signedInResponse(request, tokens, locale);
  } catch (error) {
    return relayedError(error);
  }
}
