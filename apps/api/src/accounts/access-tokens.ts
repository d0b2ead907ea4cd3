// Opaque access tokens (architecture.md §2): 32 random bytes handed to the client once; only their
// SHA-256 is stored, so a database leak yields no usable token. Lifetime as the auth cookie's
// (spec §9: 60 days).
import { createHash, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_MAX_AGE_DAYS } from '@kifu/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accessTokens } from '../db/schema/index';

const DAY_MS = 86_400_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueAccessToken(db: Database, userId: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + AUTH_COOKIE_MAX_AGE_DAYS * DAY_MS);
  await db.insert(accessTokens).values({ userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** The user id a live (unexpired, unrevoked) token belongs to. */
export async function userIdForToken(db: Database, token: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: accessTokens.userId })
    .from(accessTokens)
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), gt(accessTokens.expiresAt, new Date()), isNull(accessTokens.revokedAt)))
    .limit(1);
  return row?.userId;
}
