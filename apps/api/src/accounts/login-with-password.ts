// The OAuth2 password grant of /auth/oauth/token/ (spec §7 login: body username, password). The
// username is the email. A wrong password, an unknown email and a deactivated account all give the
// same undefined, after the same argon2 work (passwords.ts), so the answer tells nothing apart.
import type { Locale } from '@kifu/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { issueTokenPair, type TokenPair } from './access-tokens';
import { normaliseEmail } from './normalise-email';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

export async function loginWithPassword(
  db: Database,
  username: string,
  password: string,
  now = new Date(),
  locale?: Locale,
): Promise<(TokenPair & { userId: number }) | undefined> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, normaliseEmail(username)))
    .limit(1);
  const matches = await verifyPassword(user?.passwordHash, password);
  if (!user || !matches || !user.isActive) return undefined;
  // A hash made with older parameters is upgraded now that the password is at hand; otherwise a
  // login is not an edit of the account and updated_at stays as it was.
  const change = needsRehash(user.passwordHash) ? { passwordHash: await hashPassword(password) } : { updatedAt: sql`${users.updatedAt}` };
  await db
    .update(users)
    .set({ lastLogin: now, ...change, ...(locale ? { locale } : {}) })
    .where(eq(users.id, user.id));
  return { userId: user.id, ...(await issueTokenPair(db, user.id, now)) };
}
