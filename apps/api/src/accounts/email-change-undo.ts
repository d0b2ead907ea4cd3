// The way back from an email change (ADR 055). When a change takes effect the old address is told,
// with a link that puts it back: single use, valid EMAIL_CHANGE_UNDO_HOURS. Using it also cancels a
// pending change and a pending password recovery, and ends every session, since whoever changed
// the address may still be signed in. While a link is live its address stays reserved for its
// account, so nobody can take it in the meantime and make the undo fail.
import { EMAIL_CHANGE_UNDO_HOURS, type Locale } from '@kifu/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailChangeUndos, users } from '../db/schema/index';
import { isUniqueViolation } from '../lib/unique-violation';
import { enqueueMail } from '../mail/enqueue-mail';
import { revokeAllTokens } from './access-tokens';
import { emailTakenError } from './signup-errors';
import { hashCode, newSingleUseCode, webLink } from './single-use-code';

/** Whether a live undo link of another account than `exceptUserId` may give `email` back to its owner. */
export async function isHeldForUndo(db: Database, email: string, exceptUserId?: number, now = new Date()): Promise<boolean> {
  const [held] = await db
    .select({ id: emailChangeUndos.id })
    .from(emailChangeUndos)
    .where(
      and(
        eq(emailChangeUndos.oldEmail, email),
        isNull(emailChangeUndos.usedAt),
        gt(emailChangeUndos.expiresAt, now),
        ...(exceptUserId === undefined ? [] : [ne(emailChangeUndos.userId, exceptUserId)]),
      ),
    )
    .limit(1);
  return held !== undefined;
}

/** In the transaction that changed the email: the undo link, and the mail that tells the old address. */
export async function recordEmailChange(
  tx: Database,
  change: { userId: number; oldEmail: string; newEmail: string; locale: Locale; webOrigin: string },
  now = new Date(),
): Promise<void> {
  const { code, hash, expiresAt } = newSingleUseCode(now, EMAIL_CHANGE_UNDO_HOURS * 60);
  await tx
    .insert(emailChangeUndos)
    .values({ userId: change.userId, oldEmail: change.oldEmail, newEmail: change.newEmail, codeHash: hash, expiresAt });
  await enqueueMail(tx, {
    to: change.oldEmail,
    locale: change.locale,
    template: 'email-changed',
    values: {
      newEmail: change.newEmail,
      link: webLink(change.webOrigin, change.locale, '/email-change/undo', code),
      expiresInHours: String(EMAIL_CHANGE_UNDO_HOURS),
    },
  });
}

/**
 * Puts the old address back for a live undo code and answers it; undefined for a used, expired or
 * unknown code. Undo links of later changes stop working (a change made by whoever took the
 * account cannot be used to take it again); those of earlier changes keep working.
 */
export async function undoEmailChange(db: Database, code: string, now = new Date()): Promise<string | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const [undo] = await tx
        .update(emailChangeUndos)
        .set({ usedAt: now })
        .where(and(eq(emailChangeUndos.codeHash, hashCode(code)), isNull(emailChangeUndos.usedAt), gt(emailChangeUndos.expiresAt, now)))
        .returning({ id: emailChangeUndos.id, userId: emailChangeUndos.userId, oldEmail: emailChangeUndos.oldEmail });
      if (!undo) return undefined;
      await tx
        .update(users)
        .set({
          email: undo.oldEmail,
          tmpEmail: null,
          emailUpdateCode: null,
          emailUpdateExpiresAt: null,
          passwordRecoveryCode: null,
          passwordRecoveryExpiresAt: null,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, undo.userId));
      await tx
        .update(emailChangeUndos)
        .set({ usedAt: now })
        .where(and(eq(emailChangeUndos.userId, undo.userId), gt(emailChangeUndos.id, undo.id), isNull(emailChangeUndos.usedAt)));
      await revokeAllTokens(tx, undo.userId, now);
      return undo.oldEmail;
    });
  } catch (error) {
    // The old address was taken before the reservation above existed; the link stays unused.
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
}
