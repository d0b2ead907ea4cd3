// Who belongs to an associate's console (ADR 060), for its owners: the members and their roles,
// invitations by e-mail (a mailed, single-use link valid ASSOCIATE_INVITATION_TTL_DAYS; only its
// hash is kept), role changes and removals. An associate always keeps an owner: the last one can
// neither leave nor be demoted. Every change is written to the audit log in its own transaction.
// An invitation is accepted by a signed-in account whose e-mail is the one invited, so a forwarded
// or leaked link does not let someone else in.
import { ASSOCIATE_INVITATION_TTL_DAYS, type AssociateRole, type Locale, api } from '@kifu/domain';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associateInvitations, associateMembers, associates, userPrivateProfiles, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { enqueueMail } from '../mail/enqueue-mail';
import { normaliseEmail } from '../accounts/normalise-email';
import { hashCode, newSingleUseCode, webLink } from '../accounts/single-use-code';
import { recordAudit } from './audit-log';
import type { ConsoleCaller } from './console-access';

const ROLE_NAMES: Record<AssociateRole, Record<Locale, string>> = {
  owner: { ja: 'オーナー', en: 'Owner' },
  staff: { ja: 'スタッフ', en: 'Staff' },
  viewer: { ja: '閲覧のみ', en: 'Viewer' },
};

const liveInvitation = (now: Date) =>
  and(isNull(associateInvitations.acceptedAt), isNull(associateInvitations.revokedAt), gt(associateInvitations.expiresAt, now));

export async function listMembers(db: Database, caller: ConsoleCaller, now = new Date()): Promise<api.ConsoleMembers> {
  const members = await db
    .select({
      userId: associateMembers.userId,
      email: users.email,
      lastName: userPrivateProfiles.lastName,
      firstName: userPrivateProfiles.firstName,
      role: associateMembers.role,
      since: associateMembers.createdAt,
    })
    .from(associateMembers)
    .innerJoin(users, eq(users.id, associateMembers.userId))
    .leftJoin(userPrivateProfiles, eq(userPrivateProfiles.userId, users.id))
    .where(eq(associateMembers.associateId, caller.associate.id))
    .orderBy(asc(associateMembers.createdAt), asc(associateMembers.id));
  const invitations = await db
    .select({
      id: associateInvitations.id,
      email: associateInvitations.email,
      role: associateInvitations.role,
      expiresAt: associateInvitations.expiresAt,
      invitedBy: users.email,
    })
    .from(associateInvitations)
    .leftJoin(users, eq(users.id, associateInvitations.invitedBy))
    .where(and(eq(associateInvitations.associateId, caller.associate.id), liveInvitation(now)))
    .orderBy(asc(associateInvitations.createdAt));
  return {
    members: members.map((member) => ({
      user_id: member.userId,
      email: member.email,
      name: [member.lastName, member.firstName].filter(Boolean).join(' '),
      role: member.role,
      since: member.since.toISOString(),
      you: member.userId === caller.userId,
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expires_at: invitation.expiresAt.toISOString(),
      invited_by: invitation.invitedBy,
    })),
  };
}

export async function inviteMember(
  db: Database,
  caller: ConsoleCaller,
  input: { email: string; role: AssociateRole; lang: Locale; webOrigin: string },
  now = new Date(),
): Promise<void> {
  const email = normaliseEmail(input.email);
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: associateMembers.id })
      .from(associateMembers)
      .innerJoin(users, eq(users.id, associateMembers.userId))
      .where(and(eq(associateMembers.associateId, caller.associate.id), eq(users.email, email)))
      .limit(1);
    if (member) throw new AppError('conflict', 'already_member: this address belongs to a member already');
    // A new invitation to the same address replaces the one before: only the latest link works.
    await tx
      .update(associateInvitations)
      .set({ revokedAt: now })
      .where(and(eq(associateInvitations.associateId, caller.associate.id), eq(associateInvitations.email, email), liveInvitation(now)));
    const { code, hash, expiresAt } = newSingleUseCode(now, ASSOCIATE_INVITATION_TTL_DAYS * 24 * 60);
    const [invitation] = await tx
      .insert(associateInvitations)
      .values({ associateId: caller.associate.id, email, role: input.role, codeHash: hash, invitedBy: caller.userId, expiresAt })
      .returning({ id: associateInvitations.id });
    await enqueueMail(tx, {
      to: email,
      locale: input.lang,
      template: 'associate-invitation',
      values: {
        associate: input.lang === 'en' ? (caller.associate.nameEn ?? caller.associate.name) : caller.associate.name,
        role: ROLE_NAMES[input.role][input.lang],
        inviter: caller.label,
        link: webLink(input.webOrigin, input.lang, '/dashboard/invitation', code),
        days: String(ASSOCIATE_INVITATION_TTL_DAYS),
      },
    });
    await recordAudit(tx, caller, { action: 'member.invite', subject: `invitation:${invitation!.id}`, detail: { role: input.role } });
  });
}

export async function revokeInvitation(db: Database, caller: ConsoleCaller, invitationId: number, now = new Date()): Promise<void> {
  const [revoked] = await db
    .update(associateInvitations)
    .set({ revokedAt: now })
    .where(and(eq(associateInvitations.id, invitationId), eq(associateInvitations.associateId, caller.associate.id), liveInvitation(now)))
    .returning({ id: associateInvitations.id });
  if (!revoked) throw new AppError('not_found', `invitation ${invitationId} not found`);
}

/** Locks the associate's member rows, so two owners demoting each other at once cannot leave none. */
async function ownersAfter(tx: Database, associateId: number, change: { userId: number; role: AssociateRole | null }): Promise<number> {
  const rows = await tx
    .select({ userId: associateMembers.userId, role: associateMembers.role })
    .from(associateMembers)
    .where(eq(associateMembers.associateId, associateId))
    .for('update');
  if (!rows.some((row) => row.userId === change.userId)) throw new AppError('not_found', `member ${change.userId} not found`);
  return rows.filter((row) => (row.userId === change.userId ? change.role : row.role) === 'owner').length;
}

export async function changeMemberRole(db: Database, caller: ConsoleCaller, userId: number, role: AssociateRole): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await ownersAfter(tx, caller.associate.id, { userId, role })) === 0)
      throw new AppError('conflict', 'last_owner: an associate keeps at least one owner');
    await tx
      .update(associateMembers)
      .set({ role })
      .where(and(eq(associateMembers.associateId, caller.associate.id), eq(associateMembers.userId, userId)));
    await recordAudit(tx, caller, { action: 'member.role', subject: `user:${userId}`, detail: { role } });
  });
}

export async function removeMember(db: Database, caller: ConsoleCaller, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await ownersAfter(tx, caller.associate.id, { userId, role: null })) === 0)
      throw new AppError('conflict', 'last_owner: an associate keeps at least one owner');
    await tx
      .delete(associateMembers)
      .where(and(eq(associateMembers.associateId, caller.associate.id), eq(associateMembers.userId, userId)));
    await recordAudit(tx, caller, { action: 'member.remove', subject: `user:${userId}` });
  });
}

async function liveInvitationByCode(db: Database, code: string, now: Date) {
  const [row] = await db
    .select({
      invitation: associateInvitations,
      associate: {
        id: associates.id,
        uid: associates.uid,
        name: associates.name,
        nameEn: associates.nameEn,
        logoPath: associates.logoPath,
      },
    })
    .from(associateInvitations)
    .innerJoin(associates, eq(associates.id, associateInvitations.associateId))
    .where(and(eq(associateInvitations.codeHash, hashCode(code)), liveInvitation(now)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'invalid_invitation: the invitation is unknown, used, revoked or expired');
  return row;
}

export async function viewInvitation(db: Database, code: string, lang: Locale, now = new Date()): Promise<api.InvitationView> {
  const { invitation, associate } = await liveInvitationByCode(db, code, now);
  return {
    associate: { uid: associate.uid, name: lang === 'en' ? (associate.nameEn ?? associate.name) : associate.name },
    role: invitation.role,
    email: invitation.email,
  };
}

export async function acceptInvitation(db: Database, userId: number, code: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const { invitation, associate } = await liveInvitationByCode(tx, code, now);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user || normaliseEmail(user.email) !== invitation.email)
      throw new AppError('conflict', 'invitation_for_another_address: sign in with the e-mail address the invitation was sent to');
    // Spent first: a second request with the same code finds nothing.
    const [spent] = await tx
      .update(associateInvitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(and(eq(associateInvitations.id, invitation.id), isNull(associateInvitations.acceptedAt)))
      .returning({ id: associateInvitations.id });
    if (!spent) throw new AppError('not_found', 'invalid_invitation: the invitation is unknown, used, revoked or expired');
    await tx
      .insert(associateMembers)
      .values({ associateId: associate.id, userId, role: invitation.role })
      .onConflictDoUpdate({
        target: [associateMembers.associateId, associateMembers.userId],
        set: { role: invitation.role, updatedAt: sql`now()` },
      });
    await recordAudit(
      tx,
      { associate, userId, label: user.email },
      { action: 'member.join', subject: `user:${userId}`, detail: { role: invitation.role } },
    );
    return { associate: { uid: associate.uid, name: associate.name }, role: invitation.role };
  });
}
