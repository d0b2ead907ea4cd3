// Signup (spec §7 /auth/register; §4: signup is followed by a login, and a guest who enters a
// password at confirmation is signed up during the donation). Creates the user with its public and
// private profiles, queues the welcome mail, and hands out a token pair at once, so the donation
// can go on with it.
import { randomBytes } from 'node:crypto';
import type { Locale } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userPrivateProfiles, userProfiles, users } from '../db/schema/index';
import type { PrivateProfilePatch } from '../users/private-profile-schema';
import { privateProfileValues } from '../users/private-profile-values';
import { issueTokenPair, type TokenPair } from './access-tokens';
import { isHeldForUndo } from './email-change-undo';
import { normaliseEmail } from './normalise-email';
import { enqueueMail } from '../mail/enqueue-mail';
import { hashPassword } from './passwords';
import { emailTakenError } from './signup-errors';
import { isUniqueViolation } from '../lib/unique-violation';

export interface RegisterUser {
  email: string;
  password: string;
  privateProfile?: PrivateProfilePatch;
  locale?: Locale;
}

/** `username` is required and unique but the spec never shows it; logins use the email. */
function newUsername(): string {
  return `user-${randomBytes(8).toString('hex')}`;
}

/** Throws emailTakenError when the email is in use (also when a concurrent signup wins the race). */
export async function registerUser(
  db: Database,
  input: RegisterUser,
  now = new Date(),
): Promise<TokenPair & { userId: number; email: string }> {
  const email = normaliseEmail(input.email);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  // An address an email change just left stays its owner's while the undo link mailed to it lives (ADR 055).
  if (taken || (await isHeldForUndo(db, email))) throw emailTakenError();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ username: newUsername(), email, passwordHash, lastLogin: now, ...(input.locale ? { locale: input.locale } : {}) })
        .returning({ id: users.id });
      const userId = user!.id;
      await tx.insert(userProfiles).values({ userId });
      await tx.insert(userPrivateProfiles).values({ userId, ...privateProfileValues(input.privateProfile ?? {}) });
      // A welcome mail after sign-up, in the sign-up's language (ADR 030).
      await enqueueMail(tx, { to: email, locale: input.locale ?? 'ja', template: 'welcome', values: { email } });
      return { userId, email, ...(await issueTokenPair(tx, userId, now)) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTakenError();
    throw error;
  }
}
