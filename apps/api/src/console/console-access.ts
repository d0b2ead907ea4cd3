// Who may use an associate's console (ADR 060): its members, each by role (packages/domain
// associate-roles.ts). Every console call starts here. Someone who is not a member — another
// associate's member, a plain user — finds nothing: 404, as for an associate that does not exist,
// so the console does not tell who has one. A member whose role does not allow the action gets
// 403. Records inside the console (a gift, a receipt) are then read through the associate's id,
// so another associate's record is 404 too.
import { roleMay, type AssociateRole, type ConsoleAction } from '@kifu/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associateMembers, associates, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';

export interface ConsoleCaller {
  associate: { id: number; uid: string; name: string; nameEn: string | null; logoPath: string };
  role: AssociateRole;
  userId: number;
  /** How the audit log names the caller: their e-mail at the time. */
  label: string;
}

export async function requireAssociateRole(db: Database, uid: string, userId: number, action: ConsoleAction): Promise<ConsoleCaller> {
  const [row] = await db
    .select({
      id: associates.id,
      uid: associates.uid,
      name: associates.name,
      nameEn: associates.nameEn,
      logoPath: associates.logoPath,
      role: associateMembers.role,
      email: users.email,
    })
    .from(associates)
    .innerJoin(associateMembers, and(eq(associateMembers.associateId, associates.id), eq(associateMembers.userId, userId)))
    .innerJoin(users, eq(users.id, associateMembers.userId))
    .where(eq(associates.uid, uid))
    .limit(1);
  if (!row) throw new AppError('not_found', `associate ${uid} not found`);
  if (!roleMay(row.role, action)) throw new AppError('forbidden', `the ${row.role} role may not ${action} in this console`);
  const { role, email, ...associate } = row;
  return { associate, role, userId, label: email };
}
