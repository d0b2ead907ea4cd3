// Social login (spec §7 /auth/social/convert-token/, §8 social messages; spec §2: sign-up through a
// social network is closed, old linked accounts still log in). The web app does the OpenID Connect
// code flow with the provider and hands us its access token; we ask the provider's userinfo who it
// is (the token is the provider's, so only the provider can vouch for it) and log the linked
// account in. The link is by the provider's subject, never by email: an email the provider reports
// proves nothing about our account with that address.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userSocialAccounts, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { issueTokenPair, type TokenPair } from './access-tokens';

/** user_social_accounts.provider of the one provider Kifu knows (the sandbox's "Kifu ID" in development). */
export const SOCIAL_LOGIN_PROVIDER = 'kifu-id';

export interface SocialLoginDeps {
  db: Database;
  issuer: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const discovered = new Map<string, string>();

async function userinfoEndpoint(deps: SocialLoginDeps): Promise<string> {
  const known = discovered.get(deps.issuer);
  if (known) return known;
  const response = await (deps.fetch ?? fetch)(`${deps.issuer}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(deps.timeoutMs),
  });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const endpoint = ((await response.json()) as { userinfo_endpoint?: unknown }).userinfo_endpoint;
  if (typeof endpoint !== 'string') throw new Error('discovery names no userinfo endpoint');
  discovered.set(deps.issuer, endpoint);
  return endpoint;
}

/** Logs in the account linked to the provider account of `accessToken`. */
export async function loginWithSocialToken(deps: SocialLoginDeps, accessToken: string): Promise<TokenPair> {
  let claims: { sub?: unknown; email?: unknown };
  try {
    const response = await (deps.fetch ?? fetch)(await userinfoEndpoint(deps), {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    if (response.status === 401 || response.status === 400)
      throw new AppError('unauthorized', 'social_invalid_token: the provider does not know this token');
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
    claims = (await response.json()) as typeof claims;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('service_unavailable', 'social_unavailable: the social login provider could not be reached');
  }
  if (typeof claims.sub !== 'string' || claims.sub === '')
    throw new AppError('unauthorized', 'social_invalid_token: the provider answered no subject');
  const [linked] = await deps.db
    .select({ userId: userSocialAccounts.userId, isActive: users.isActive })
    .from(userSocialAccounts)
    .innerJoin(users, eq(users.id, userSocialAccounts.userId))
    .where(and(eq(userSocialAccounts.provider, SOCIAL_LOGIN_PROVIDER), eq(userSocialAccounts.subject, claims.sub)))
    .limit(1);
  if (linked?.isActive) return issueTokenPair(deps.db, linked.userId);
  if (typeof claims.email !== 'string' || claims.email === '') {
    throw new AppError('bad_request', 'social_no_email: the provider gave no e-mail address (check the permission given)');
  }
  throw new AppError(
    'bad_request',
    'social_signup_closed: no Kifu account is linked to this social account, and sign-up through it is no longer available',
  );
}
