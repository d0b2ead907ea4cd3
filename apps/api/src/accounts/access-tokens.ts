// Opaque access and refresh tokens (architecture.md §2): 32 random bytes handed to the client once;
// only their SHA-256 is stored, so a database leak yields no usable token. An access token lives as
// long as the auth cookie (spec §9: 60 days); its refresh token a little longer, so a client that
// refreshes near the end of the 60 days keeps its session. A refresh hands out a new pair and
// revokes the old one (OAuth 2.0 Security BCP §4.14 "refresh token rotation").
import { createHash, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_MAX_AGE_DAYS } from '@kifu/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accessTokens, refreshTokens, users } from '../db/schema/index';

const DAY_MS = 86_400_000;

/** Seconds an access token is valid: the `expiresIn` / `expires_in` of the auth responses. */
export const ACCESS_TOKEN_LIFETIME_S = AUTH_COOKIE_MAX_AGE_DAYS * 86_400;
export const REFRESH_TOKEN_LIFETIME_DAYS = 90;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

async function insertAccessToken(db: Database, userId: number, now: Date, authenticatedAt: Date | null = now) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + AUTH_COOKIE_MAX_AGE_DAYS * DAY_MS);
  const [row] = await db
    .insert(accessTokens)
    .values({ userId, tokenHash: hashToken(token), expiresAt, authenticatedAt })
    .returning({ id: accessTokens.id });
  return { id: row!.id, token, expiresAt };
}

export async function issueAccessToken(db: Database, userId: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const { token, expiresAt } = await insertAccessToken(db, userId, now);
  return { token, expiresAt };
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  expiresAt: Date;
}

/**
 * A new access token and the refresh token that may later replace it. `authenticatedAt` is when
 * the user proved who they are: now for a login, the spent pair's time for a refresh (ADR 055).
 */
export function issueTokenPair(db: Database, userId: number, now = new Date(), authenticatedAt: Date | null = now): Promise<TokenPair> {
  return db.transaction(async (tx) => {
    const access = await insertAccessToken(tx, userId, now, authenticatedAt);
    const refreshToken = newToken();
    await tx.insert(refreshTokens).values({
      userId,
      tokenHash: hashToken(refreshToken),
      accessTokenId: access.id,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_DAYS * DAY_MS),
      authenticatedAt,
    });
    return { accessToken: access.token, refreshToken, expiresIn: ACCESS_TOKEN_LIFETIME_S, expiresAt: access.expiresAt };
  });
}

/** When the session of a live access token last signed in (ADR 055); undefined for a token that is not live or predates the record. */
export async function authenticatedAtOf(db: Database, token: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ authenticatedAt: accessTokens.authenticatedAt })
    .from(accessTokens)
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), gt(accessTokens.expiresAt, new Date()), isNull(accessTokens.revokedAt)))
    .limit(1);
  return row?.authenticatedAt ?? undefined;
}

/** The user id a live (unexpired, unrevoked) token belongs to; a deactivated user's tokens are not live. */
export async function userIdForToken(db: Database, token: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: accessTokens.userId })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        gt(accessTokens.expiresAt, new Date()),
        isNull(accessTokens.revokedAt),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row?.userId;
}

/**
 * Spends a live refresh token of an active user: it and the access token issued with it are
 * revoked and a new pair is returned. The revoking update is the claim, so two concurrent
 * refreshes with one token cannot both succeed. Undefined for unknown, spent or expired tokens.
 */
export function rotateRefreshToken(
  db: Database,
  refreshToken: string,
  now = new Date(),
): Promise<(TokenPair & { userId: number }) | undefined> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .returning({
        userId: refreshTokens.userId,
        accessTokenId: refreshTokens.accessTokenId,
        authenticatedAt: refreshTokens.authenticatedAt,
      });
    if (!spent) return undefined;
    if (spent.accessTokenId !== null) {
      await tx
        .update(accessTokens)
        .set({ revokedAt: now })
        .where(and(eq(accessTokens.id, spent.accessTokenId), isNull(accessTokens.revokedAt)));
    }
    const [user] = await tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, spent.userId));
    if (!user?.isActive) return undefined;
    return { userId: spent.userId, ...(await issueTokenPair(tx, spent.userId, now, spent.authenticatedAt)) };
  });
}

/** Logout: revokes a live access token and the refresh tokens issued with it. False when it was not live. */
export function revokeAccessToken(db: Database, token: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.tokenHash, hashToken(token)), isNull(accessTokens.revokedAt)))
      .returning({ id: accessTokens.id });
    if (!revoked) return false;
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.accessTokenId, revoked.id), isNull(refreshTokens.revokedAt)));
    return true;
  });
}

/** Ends every session of a user (password recovery): all their live access and refresh tokens are revoked. */
export async function revokeAllTokens(db: Database, userId: number, now = new Date()): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
