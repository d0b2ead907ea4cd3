// The security headers of every answer the web server gives (ADR 024): pages in
// both languages, 404s, /api/* and the remote configuration routes, /backend answers, static files.
// serve.ts sets them before Next handles the request; whatever Next then sets itself wins, so the
// donate pages keep their strict per-request policy (src/proxy.ts) and their no-referrer.
//
// Public pages are cached and served to everyone alike (ADR 020), so their policy cannot carry a
// per-request nonce, and Next's inline bootstrap scripts differ on every page, so no hash can list
// them: scripts are our own origin plus inline ones, and the bot check's, which the sign-up form
// (on /signup and in the login modal of every page) loads for its token (ADR 056). What the policy
// still gives: no other script, frame, plugin or connection to another origin, no <base> or form
// posting elsewhere, and no framing (clickjacking of /login and the rest).
import type { ServerResponse } from 'node:http';
import { botCheckOrigin, env, errorReportingOrigin } from '../lib/env';

const SITE_POLICY: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self' 'unsafe-inline'",
  // Inline event-handler attributes are never ours (React attaches handlers in script).
  'script-src-attr': "'none'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

/**
 * The site's policy; the browser may also send error reports to `errorReportingOrigin` (ADR 050),
 * and load the bot check from `botCheckOrigin`, ask it for a token and show its challenge frame.
 */
export function siteContentSecurityPolicy(errorReportingOrigin: string | null = null, botCheckOrigin: string | null = null): string {
  const also = (directive: string, ...origins: (string | null)[]) => [directive, ...origins.filter(Boolean)].join(' ');
  const policy = {
    ...SITE_POLICY,
    'script-src': also(SITE_POLICY['script-src']!, botCheckOrigin),
    'connect-src': also(SITE_POLICY['connect-src']!, errorReportingOrigin, botCheckOrigin),
    ...(botCheckOrigin ? { 'frame-src': also("'self'", botCheckOrigin) } : {}),
  };
  return Object.entries(policy)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

export const SITE_CONTENT_SECURITY_POLICY = siteContentSecurityPolicy();

/** One year: browsers then refuse plain http for this host; only sent when the public origin is https. */
const HSTS = 'max-age=31536000';

/** The headers for a site whose public origin is `webOrigin` (WEB_ORIGIN). */
export function siteSecurityHeaders(
  webOrigin: string,
  reportingOrigin: string | null = null,
  botCheckScriptOrigin: string | null = null,
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': siteContentSecurityPolicy(reportingOrigin, botCheckScriptOrigin),
    // For browsers that predate frame-ancestors.
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  if (new URL(webOrigin).protocol === 'https:') headers['strict-transport-security'] = HSTS;
  return headers;
}

const headersOfThisSite = siteSecurityHeaders(env.WEB_ORIGIN, errorReportingOrigin(env), botCheckOrigin(env));

/** Sets the site's headers on `response` before the app writes it; the app may still replace any of them. */
export function setSiteSecurityHeaders(response: ServerResponse, headers = headersOfThisSite): void {
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}
