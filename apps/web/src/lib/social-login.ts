// The web app's side of social login (spec §7; ADR 029): the OpenID Connect authorization code flow
// with PKCE against the provider (the sandbox's "Kifu ID" in development). The state, the PKCE
// verifier and where to return live in an httpOnly cookie sent only to /api/oauth/social for ten
// minutes; the code is exchanged here, server-side, with the client secret; the provider's access
// token goes to the API (/auth/social/convert-token/), which answers Kifu's own token pair.
import { createHash, randomBytes } from 'node:crypto';
import { env } from './env';

export const SOCIAL_COOKIE = 'kifu_social';
export const SOCIAL_COOKIE_PATH = '/api/oauth/social';
export const SOCIAL_COOKIE_MAX_AGE_S = 600;

export interface SocialAttempt {
  state: string;
  verifier: string;
  /** A path on this site (safe-checked by the caller), with its locale prefix. */
  next: string;
  locale: 'ja' | 'en';
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
}

let discovery: Promise<Discovery> | undefined;
function discover(): Promise<Discovery> {
  discovery ??= fetch(`${env.SOCIAL_LOGIN_ISSUER}/.well-known/openid-configuration`, { cache: 'no-store' }).then(async (response) => {
    if (!response.ok) throw new Error(`social login discovery answered ${response.status}`);
    return (await response.json()) as Discovery;
  });
  // A failure is not kept: the next attempt asks again.
  discovery.catch(() => (discovery = undefined));
  return discovery;
}

export const callbackUrl = () => `${env.WEB_ORIGIN}/api/oauth/social/callback`;

export function newAttempt(next: string, locale: 'ja' | 'en'): SocialAttempt {
  return { state: randomBytes(16).toString('base64url'), verifier: randomBytes(32).toString('base64url'), next, locale };
}

export function encodeAttempt(attempt: SocialAttempt): string {
  return Buffer.from(JSON.stringify(attempt)).toString('base64url');
}

export function decodeAttempt(value: string | undefined): SocialAttempt | undefined {
  if (!value || value.length > 2048) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<SocialAttempt>;
    if (typeof parsed.state !== 'string' || typeof parsed.verifier !== 'string' || typeof parsed.next !== 'string') return undefined;
    return { state: parsed.state, verifier: parsed.verifier, next: parsed.next, locale: parsed.locale === 'en' ? 'en' : 'ja' };
  } catch {
    return undefined;
  }
}

export async function authorizationUrl(attempt: SocialAttempt): Promise<string> {
  const url = new URL((await discover()).authorization_endpoint);
  const params = {
    client_id: env.SOCIAL_LOGIN_CLIENT_ID,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: callbackUrl(),
    state: attempt.state,
    code_challenge: createHash('sha256').update(attempt.verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ui_locales: attempt.locale,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The provider's access token for the code, or undefined when the provider refuses it. */
export async function exchangeCode(code: string, verifier: string): Promise<string | undefined> {
  const credentials = Buffer.from(`${env.SOCIAL_LOGIN_CLIENT_ID}:${env.SOCIAL_LOGIN_CLIENT_SECRET}`).toString('base64');
  const response = await fetch((await discover()).token_endpoint, {
    method: 'POST',
    cache: 'no-store',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${credentials}` },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callbackUrl(), code_verifier: verifier }).toString(),
  });
  if (!response.ok) return undefined;
  return ((await response.json()) as { access_token?: string }).access_token;
}
