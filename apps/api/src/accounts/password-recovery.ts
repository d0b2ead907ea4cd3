// Password recovery (spec §7 /auth/password-recovery, §8 messages; ADR 031): a single-use code is
// mailed to the account's address (valid CODE_VALID_MINUTES), and the code with a new password sets
// it and ends every session of the user. Spec §8 answers an unknown address with 'We couldn't find
// any account with that e-mail address.', so the route says so (404) — and reveals nothing more:
// no name, no state of the account. Per-address and per-email limits keep it from being a scanner.
import type { Locale } from '@kifu/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { enqueueMail } from '../mail/enqueue-mail';
import { revokeAllTokens } from './access-tokens';
import { normaliseEmail } from './normalise-email';
import { hashPassword } from './passwords';
import { CODE_VALID_MINUTES, hashCode, newSingleUseCode, webLink } from './single-use-code';

/** False when no active account has this address. */
export async function requestPasswordRecovery(
  db: Database,
  input: { email: string; locale?: Locale; webOrigin: string },
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, locale: users.locale })
      .from(users)
      .where(and(eq(users.email, normaliseEmail(input.email)), eq(users.isActive, true)))
      .limit(1);
    if (!user) return false;
    const { code, hash, expiresAt } = newSingleUseCode(now);
    // A new request replaces the previous code: only the latest mail works.
    await tx.update(users).set({ passwordRecoveryCode: hash, passwordRecoveryExpiresAt: expiresAt }).where(eq(users.id, user.id));
    const locale = input.locale ?? (user.locale as Locale);
    await enqueueMail(tx, {
      to: user.email,
      locale,
      template: 'password-recovery',
      values: { link: webLink(input.webOrigin, locale, '/password-recovery', code), expiresInMinutes: String(CODE_VALID_MINUTES) },
    });
    return true;
  });
}

/** Sets the new password for a live code and ends all the user's sessions; false for a spent, expired or unknown code. */
export async function resetPassword(db: Database, input: { code: string; password: string }, now = new Date()): Promise<boolean> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordRecoveryCode: null, passwordRecoveryExpiresAt: null, updatedAt: sql`now()` })
      .where(and(eq(users.passwordRecoveryCode, hashCode(input.code)), gt(users.passwordRecoveryExpiresAt, now), eq(users.isActive, true)))
      .returning({ id: users.id });
    if (!user) return false;
    await revokeAllTokens(tx, user.id, now);
    return true;
  });
}
