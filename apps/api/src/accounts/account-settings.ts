// The signed-in user's account settings (issue 12, /mypage/account): the email, changed only once
// the new address confirms it (spec §3 tmpEmail, emailUpdateCode); the password, given the current
// one, ending the user's other sessions; and the notification preference.
import type { Locale, NotificationPreference } from '@kifu/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accessTokens, refreshTokens, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { enqueueMail } from '../mail/enqueue-mail';
import { hashToken } from './access-tokens';
import { normaliseEmail } from './normalise-email';
import { hashPassword, verifyPassword } from './passwords';
import { emailTakenError } from './signup-errors';
import { CODE_VALID_MINUTES, hashCode, newSingleUseCode, webLink } from './single-use-code';
import { isUniqueViolation } from '../lib/unique-violation';

/** Keeps the new address aside and mails it a confirmation link; the email itself does not change yet. */
export async function requestEmailChange(
  db: Database,
  userId: number,
  input: { email: string; locale: Locale; webOrigin: string },
  now = new Date(),
): Promise<string> {
  const email = normaliseEmail(input.email);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken) throw emailTakenError();
    const { code, hash, expiresAt } = newSingleUseCode(now);
    await tx.update(users).set({ tmpEmail: email, emailUpdateCode: hash, emailUpdateExpiresAt: expiresAt }).where(eq(users.id, userId));
    await enqueueMail(tx, {
      to: email,
      locale: input.locale,
      template: 'email-change',
      values: {
        link: webLink(input.webOrigin, input.locale, '/mypage/account', code, 'email_code'),
        expiresInMinutes: String(CODE_VALID_MINUTES),
        newEmail: email,
      },
    });
    return email;
  });
}

/** The code from the new address's mail makes it the account's email; answers it, or undefined for a spent, expired or unknown code. */
export async function confirmEmailChange(db: Database, code: string, now = new Date()): Promise<string | undefined> {
  try {
    const [changed] = await db
      .update(users)
      .set({ email: sql`${users.tmpEmail}`, tmpEmail: null, emailUpdateCode: null, emailUpdateExpiresAt: null, updatedAt: sql`now()` })
      .where(and(eq(users.emailUpdateCode, hashCode(code)), gt(users.emailUpdateExpiresAt, now)))
      .returning({ email: users.email });
    return changed?.email;
  } catch (error) {
    // Someone signed up with that address after the change was asked for.
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
}

/** Sets a new password given the current one; the user's other sessions end, the one asking (`keepToken`) stays. */
export async function changePassword(
  db: Database,
  userId: number,
  input: { currentPassword: string; newPassword: string; keepToken: string | undefined },
  now = new Date(),
): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('validation_failed', 'current_password does not match', { current_password: ['value'] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    const kept = input.keepToken ? hashToken(input.keepToken) : '';
    const revoked = await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), ne(accessTokens.tokenHash, kept)))
      .returning({ id: accessTokens.id });
    for (const { id } of revoked) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.accessTokenId, id), isNull(refreshTokens.revokedAt)));
    }
  });
}

export async function setNotificationPreference(db: Database, userId: number, preference: NotificationPreference): Promise<void> {
  await db
    .update(users)
    .set({ notificationPreference: preference, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
