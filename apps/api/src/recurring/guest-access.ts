// Recurring support for supporters without an account (ADR 034, spec §6: guests may edit their
// recurring donations without login). A guest types their email; if it gave recurring support as a
// guest, a mail carries a single-use link valid an hour (only its SHA-256 is stored). Following it
// opens a guest session of an hour: an httpOnly cookie whose token (stored hashed) names the email;
// the guest may then act on the recurring donations given as a guest with that email, and nothing
// else. The request's answer is the same whether or not the email has any, so it tells nobody
// which addresses give.
import { randomBytes } from 'node:crypto';
import type { Locale } from '@kifu/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donors, recurringAccessCodes, recurringDonations, recurringGuestSessions } from '../db/schema/index';
import { hashCode, newSingleUseCode, CODE_VALID_MINUTES } from '../accounts/single-use-code';
import { normaliseEmail } from '../accounts/normalise-email';
import { AppError } from '../lib/app-error';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';

export const GUEST_SESSION_COOKIE = 'recurring_guest';
export const GUEST_SESSION_MINUTES = 60;
export const GUEST_MANAGE_PATH = '/auth/application/edit-recurring-donations';

/** The live recurring donations given as a guest with this email. */
export async function guestRecurringIds(db: Database, email: string): Promise<number[]> {
  const rows = await db
    .select({ id: recurringDonations.id })
    .from(recurringDonations)
    .innerJoin(donors, eq(donors.id, recurringDonations.donorId))
    .where(
      and(
        sql`lower(${donors.email}) = ${normaliseEmail(email)}`,
        isNull(recurringDonations.userId),
        ne(recurringDonations.status, 'pending'),
      ),
    );
  return rows.map((row) => row.id);
}

/** How long the link in a mail about a failed or expiring card works: a week to act on it. */
export const NOTICE_LINK_VALID_DAYS = 7;

/**
 * A signed, single-use link for a guest, written in the caller's transaction: what a mail about
 * their failed or expiring card carries so they can fix it without asking for a link first.
 */
export async function guestManageLink(tx: Database, links: MailLinks, email: string, locale: Locale, now = new Date()): Promise<string> {
  const { code, hash } = newSingleUseCode(now);
  const expiresAt = new Date(now.getTime() + NOTICE_LINK_VALID_DAYS * 86_400_000);
  await tx.insert(recurringAccessCodes).values({ email: normaliseEmail(email), codeHash: hash, expiresAt, createdAt: now });
  return links.page(`${GUEST_MANAGE_PATH}?${new URLSearchParams({ code })}`, locale);
}

/** Mails the link when the email has guest recurring support; silent otherwise. */
export async function requestGuestAccess(
  db: Database,
  links: MailLinks,
  input: { email: string; lang: Locale },
  now = new Date(),
): Promise<void> {
  const email = normaliseEmail(input.email);
  if ((await guestRecurringIds(db, email)).length === 0) return;
  const { code, hash, expiresAt } = newSingleUseCode(now);
  await db.transaction(async (tx) => {
    await tx.insert(recurringAccessCodes).values({ email, codeHash: hash, expiresAt, createdAt: now });
    await enqueueMail(tx, {
      to: email,
      locale: input.lang,
      template: 'recurring-access-link',
      values: {
        link: links.page(`${GUEST_MANAGE_PATH}?${new URLSearchParams({ code })}`, input.lang),
        expiresInMinutes: String(CODE_VALID_MINUTES),
      },
    });
  });
}

/** Uses a mailed code once and opens a guest session: answers its token (for the cookie) and expiry. */
export async function openGuestSession(db: Database, code: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const [used] = await db
    .update(recurringAccessCodes)
    .set({ usedAt: now })
    .where(
      and(eq(recurringAccessCodes.codeHash, hashCode(code)), isNull(recurringAccessCodes.usedAt), gt(recurringAccessCodes.expiresAt, now)),
    )
    .returning({ email: recurringAccessCodes.email });
  if (!used) throw new AppError('forbidden', 'this link is not valid, was used already or has expired');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + GUEST_SESSION_MINUTES * 60_000);
  await db.insert(recurringGuestSessions).values({ email: used.email, tokenHash: hashCode(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The email of a live guest session, or 401. */
export async function guestSessionEmail(db: Database, token: string | undefined, now = new Date()): Promise<string> {
  if (!token || token.length > 128) throw new AppError('unauthorized', 'open the link from the mail first');
  const [session] = await db
    .select({ email: recurringGuestSessions.email })
    .from(recurringGuestSessions)
    .where(and(eq(recurringGuestSessions.tokenHash, hashCode(token)), gt(recurringGuestSessions.expiresAt, now)))
    .limit(1);
  if (!session) throw new AppError('unauthorized', 'the session has ended: ask for a new link');
  return session.email;
}
