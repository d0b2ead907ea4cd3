// The signed-in user's account settings (ADR 031, /mypage/account): the email, asked for with the
// current password (or a recent sign-in without one), changed only once the new address confirms
// it (spec §3 tmpEmail, emailUpdateCode), and then told to the old address with a way back (ADR
// 055); the password, given the current one, ending the user's other sessions; and the
// notification preference.
import type { Locale, NotificationPreference } from '@kifu/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accessTokens, refreshTokens, users } from '../db/schema/index';
import { enqueueMail } from '../mail/enqueue-mail';
import { hashToken } from './access-tokens';
import { normaliseEmail } from './normalise-email';
import { isHeldForUndo, recordEmailChange } from './email-change-undo';
import { hashPassword } from './passwords';
import { checkCurrentPassword, proveIdentity, type IdentityProof } from './prove-identity';
import { emailTakenError } from './signup-errors';
import { CODE_VALID_MINUTES, hashCode, newSingleUseCode, webLink } from './single-use-code';
import { isUniqueViolation } from '../lib/unique-violation';

/**
 * Given proof of identity, keeps the new address aside and mails it a confirmation link; the email
 * itself does not change yet. A wrong or missing password changes nothing and mails nobody.
 */
export async function requestEmailChange(
  db: Database,
  userId: number,
  input: { email: string; locale: Locale; webOrigin: string; proof: IdentityProof },
  now = new Date(),
): Promise<string> {
  await proveIdentity(db, userId, input.proof, now);
  const email = normaliseEmail(input.email);
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken || (await isHeldForUndo(tx, email, userId, now))) throw emailTakenError();
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

/**
 * The code from the new address's mail makes it the account's email, and the old address gets the
 * undo link; answers the new email, or undefined for a spent, expired or unknown code.
 */
export async function confirmEmailChange(db: Database, code: string, webOrigin: string, now = new Date()): Promise<string | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: users.id, oldEmail: users.email, newEmail: users.tmpEmail, locale: users.locale })
        .from(users)
        .where(and(eq(users.emailUpdateCode, hashCode(code)), gt(users.emailUpdateExpiresAt, now)))
        .for('update');
      if (!user?.newEmail) return undefined;
      if (await isHeldForUndo(tx, user.newEmail, user.id, now)) throw emailTakenError();
      await tx
        .update(users)
        .set({ email: user.newEmail, tmpEmail: null, emailUpdateCode: null, emailUpdateExpiresAt: null, updatedAt: sql`now()` })
        .where(eq(users.id, user.id));
      await recordEmailChange(
        tx,
        { userId: user.id, oldEmail: user.oldEmail, newEmail: user.newEmail, locale: user.locale as Locale, webOrigin },
        now,
      );
      return user.newEmail;
    });
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
  await checkCurrentPassword(db, userId, input.currentPassword);
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
