// GET /api/oauth/social/start?next=&locale= : begins social login (lib/social-login.ts) and sends
// the browser to the provider's sign-in page.
import { safeNextPath } from '@/features/auth/credentials';
import { localeOf } from '@/lib/auth-api';
import {
  authorizationUrl,
  encodeAttempt,
  newAttempt,
  SOCIAL_COOKIE,
  SOCIAL_COOKIE_MAX_AGE_S,
  SOCIAL_COOKIE_PATH,
} from '@/lib/social-login';
import { isHttps } from '@/lib/session-cookies';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const locale = localeOf(params.get('locale'));
  const attempt = newAttempt(safeNextPath(params.get('next')), locale);
  let target: string;
  try {
    target = await authorizationUrl(attempt);
  } catch {
    return Response.redirect(new URL(`${locale === 'en' ? '/en' : ''}/login?social_error=unavailable`, request.url), 302);
  }
  const cookie = [
    `${SOCIAL_COOKIE}=${encodeAttempt(attempt)}`,
    `Path=${SOCIAL_COOKIE_PATH}`,
    `Max-Age=${SOCIAL_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    // Lax: the provider's redirect back is a top-level GET from another site.
    'SameSite=Lax',
    ...(isHttps(request) ? ['Secure'] : []),
  ].join('; ');
  return new Response(null, { status: 302, headers: { location: target, 'set-cookie': cookie, 'cache-control': 'no-store' } });
}
