// Next 16 proxy (formerly middleware).
// 1. /backend/* is forwarded to the API at request time, so the browser calls the API same-origin
//    (no CORS, the auth cookie just works; architecture.md §1). It lives here rather than in
//    next.config rewrites because those are frozen into the build: one build must run against
//    whatever API_INTERNAL_URL the environment gives at start (ports differ between dev, e2e, prod).
//    The API's paths end in '/', so Next's trailing-slash redirect is off and applied to pages here.
// 2. Everything else goes through next-intl: ja unprefixed, en under /en (spec §1).
// 3. The donate pages host the card form and get a strict Content-Security-Policy with a
//    per-request nonce (architecture.md §1); the nonce rides on the request so Next applies it.
//    They also send no Referer (Referrer-Policy: no-referrer).
import { createHash } from 'node:crypto';
import createIntlMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import { createNonce, donateContentSecurityPolicy } from './features/donate/content-security-policy';
import { COLOUR_MODE_BOOT_SCRIPT } from './features/navigation/colour-mode';
import { routing } from './i18n/routing';
import { backendTarget, isBackendPath } from './lib/backend-target';
import { isDonatePath } from './lib/donate-paths';
import { env, errorReportingOrigin } from './lib/env';
import { withoutTrailingSlash } from './lib/trailing-slash';

const intl = createIntlMiddleware(routing);
/** The CSP source allowing the colour mode's fixed inline script (the donate pages' policy). */
const COLOUR_MODE_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COLOUR_MODE_BOOT_SCRIPT, 'utf8').digest('base64')}'`;

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
  if (isDonatePath(pathname)) return withDonatePolicy(request);
  return intl(request);
}

function withDonatePolicy(request: NextRequest) {
  const policy = donateContentSecurityPolicy({
    nonce: createNonce(),
    cardVaultUrl: env.CARD_VAULT_URL,
    botCheckScriptUrl: env.BOT_CHECK_SITE_KEY && env.BOT_CHECK_ENABLED ? env.BOT_CHECK_SCRIPT_URL : null,
    walletCheckoutScriptUrl: env.WALLET_CHECKOUT_SCRIPT_URL,
    errorReportingOrigin: errorReportingOrigin(env),
    inlineScriptHashes: [COLOUR_MODE_BOOT_SCRIPT_HASH],
    development: process.env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  const response = intl(new NextRequest(request, { headers }));
  response.headers.set('content-security-policy', policy);
  // The 3-D Secure return puts the donation's token in the address (decision 009): no Referer may carry it off.
  response.headers.set('referrer-policy', 'no-referrer');
  return response;
}

export const config = {
  // Skip Next internals, front-end server routes (/api, and spec §7's front-end routes
  // /kifuConfig, /getCampaignUsageStats, /logDonationSubmission and /urlCard, which are not localised
  // pages) and files with an extension (public assets). /backend is matched explicitly because its
  // media paths do contain dots.
  matcher: ['/backend/:path*', '/((?!api|backend|_next|_vercel|kifuConfig|getCampaignUsageStats|logDonationSubmission|urlCard|.*\\..*).*)'],
};
