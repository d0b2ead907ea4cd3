// POST /api/oauth/signup {email, password, locale, recaptcha_token} (spec §4 Authentication 6:
// sign-up, then an automatic login with the same email and password, then the user): the same
// httpOnly session as a login. The bot-check token goes on to the API, which verifies it (ADR 056).
// The API's field errors (email taken, password too short) and bot-check refusals are relayed for
// the catalogue's messages (spec §5 "Signup", §8).
import { localeOf, register, relayedError, requestToken, signedInResponse } from '@/lib/auth-api';
import { isSameOrigin } from '@/lib/session-cookies';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  if (!isSameOrigin(request)) return Response.json({ detail: 'cross-origin request refused' }, { status: 403 });
  const body = (await request.json().catch(() => null)) as {
    email?: unknown;
    password?: unknown;
    locale?: unknown;
    recaptcha_token?: unknown;
  } | null;
  const { email, password, recaptcha_token } = body ?? {};
  if (typeof email !== 'string' || typeof password !== 'string') {
    return Response.json({ code: 'validation_failed', detail: 'email and password are required' }, { status: 400 });
  }
  const locale = localeOf(body?.locale);
  try {
    // The API checks every rule (required, pattern, at least 6, unique) and answers its field messages.
    await register(request, { email, password, locale, ...(typeof recaptcha_token === 'string' ? { recaptcha_token } : {}) });
    const tokens = await requestToken(request, { grant_type: 'password', username: email, password, locale });
    return await signedInResponse(request, tokens, locale, 201);
  } catch (error) {
    return relayedError(error);
  }
}
