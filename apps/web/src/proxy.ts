// Next 16 proxy (formerly middleware).
// 1. /backend/* is forwarded to the API at request time, so the browser calls the API same-origin
//    (no CORS, the auth cookie just works; architecture.md §1). It lives here rather than in
//    next.config rewrites because those are frozen into the build: one build must run against
//    whatever API_INTERNAL_URL the environment gives at start (ports differ between dev, e2e, prod).
//    The API's paths end in '/', so Next's trailing-slash redirect is off and applied to pages here.
// 2. Everything else goes through next-intl: ja unprefixed, en under /en (spec §1).
import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { routing } from './i18n/routing';
import { backendTarget, isBackendPath } from './lib/backend-target';
import { env } from './lib/env';
import { withoutTrailingSlash } from './lib/trailing-slash';

const intl = createIntlMiddleware(routing);

export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isBackendPath(pathname)) {
    return NextResponse.rewrite(backendTarget(pathname, search, env.API_INTERNAL_URL));
  }
  const stripped = withoutTrailingSlash(pathname);
  if (stripped !== null) {
    // A plain URL: a cloned NextURL would put the trailing slash back when serialised.
    return NextResponse.redirect(new URL(`${stripped}${search}`, request.url), 308);
  }
  return intl(request);
}

export const config = {
  // Skip Next internals, front-end API routes and files with an extension (public assets).
  // /backend is matched explicitly because its media paths do contain dots.
  matcher: ['/backend/:path*', '/((?!api|backend|_next|_vercel|.*\\..*).*)'],
};
