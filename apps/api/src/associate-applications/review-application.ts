// Kifu's staff decide an application (ADR 078). Approval makes the associate in one transaction:
// the organisation's row (published, with demo images until the owner uploads their own in the page
// editor, as the seed does), the applicant as its owner, its social challenges and the payout
// account the bank checked when the application was sent; the public pages then forget what they
// kept. Declining or asking for changes keeps the reason, which the applicant reads in the mail and
// on /associate/apply. Only a waiting application is decided, once: two staff deciding at the same
// moment lock the same row, and the second finds it decided (409).
import { type Locale } from '@kifu/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  associateApplications,
  associateMembers,
  associatePayoutAccounts,
  associateSocialChallenges,
  associates,
  socialChallenges,
  users,
} from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { isUniqueViolation } from '../lib/unique-violation';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';
import { demoImagePath } from '../media/demo-image';
import { enqueuePublicPagesRefresh } from '../public-pages/refresh-public-pages';
import type { ApplicationRow } from './application-views';

export type Decision = 'approve' | 'decline' | 'request_changes';
const STATUS_AFTER = { approve: 'approved', decline: 'declined', request_changes: 'changes_requested' } as const;
const MAIL_OF = {
  approve: 'application-approved',
  decline: 'application-declined',
  request_changes: 'application-changes-requested',
} as const;

async function lockWaiting(tx: Database, applicationId: number): Promise<ApplicationRow> {
  const [row] = await tx.select().from(associateApplications).where(eq(associateApplications.id, applicationId)).for('update');
  if (!row) throw new AppError('not_found', 'no such application');
  if (row.status !== 'submitted') throw new AppError('conflict', `the application is ${row.status}, not waiting for a decision`);
  return row;
}

/** The associate made from the application, its owner, challenges and payout account; its id. */
async function createAssociate(tx: Database, row: ApplicationRow): Promise<{ id: number; uid: string }> {
  const initials = [...(row.nameEn || row.name)].slice(0, 2).join('');
  let associate;
  try {
    [associate] = await tx
      .insert(associates)
      .values({
        uid: row.requestedUid,
        name: row.name,
        nameEn: row.nameEn || null,
        organisationType: row.organisationType,
        representative: row.representative,
        prefecture: row.prefecture,
        address: `${row.prefecture}${row.city}${row.street}${row.building ? ` ${row.building}` : ''}`,
        certificationNumber: row.certificationNumber,
        certificationAuthority: row.certificationAuthority,
        certifiedOn: row.certifiedOn,
        certificationExpiresOn: row.certificationExpiresOn,
        logoPath: demoImagePath('logo', row.requestedUid, initials),
        mainVisualPath: demoImagePath('visual', row.requestedUid),
        isPublished: true,
      })
      .returning({ id: associates.id, uid: associates.uid });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'an associate already has this public address', { requested_uid: ['unique'] });
    throw error;
  }
  const id = associate!.id;
  await tx.insert(associateMembers).values({ associateId: id, userId: row.applicantId, role: 'owner' });
  const challenges =
    row.socialChallenges.length === 0
      ? []
      : await tx.select({ id: socialChallenges.id }).from(socialChallenges).where(inArray(socialChallenges.slug, row.socialChallenges));
  if (challenges.length > 0)
    await tx
      .insert(associateSocialChallenges)
      .values(challenges.map((challenge) => ({ associateId: id, socialChallengeId: challenge.id })));
  await tx.insert(associatePayoutAccounts).values({
    associateId: id,
    bankCode: row.bankCode,
    bankName: row.bankName,
    branchCode: row.branchCode,
    branchName: row.branchName,
    accountType: row.accountType,
    accountNumber: row.accountNumber,
    accountHolder: row.accountHolder,
  });
  return associate!;
}

export async function decideApplication(
  deps: { db: Database; mailLinks: MailLinks },
  staffUserId: number,
  applicationId: number,
  decision: Decision,
  reason = '',
): Promise<ApplicationRow> {
  return deps.db.transaction(async (tx) => {
    const row = await lockWaiting(tx, applicationId);
    const associate = decision === 'approve' ? await createAssociate(tx, row) : undefined;
    const [saved] = await tx
      .update(associateApplications)
      .set({
        status: STATUS_AFTER[decision],
        reason: decision === 'approve' ? '' : reason,
        reviewedBy: staffUserId,
        reviewedAt: new Date(),
        associateId: associate?.id ?? null,
      })
      .where(and(eq(associateApplications.id, applicationId), eq(associateApplications.status, 'submitted')))
      .returning();
    if (associate) await enqueuePublicPagesRefresh(tx);
    const [applicant] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, row.applicantId));
    if (applicant) {
      const locale: Locale = applicant.locale === 'en' ? 'en' : 'ja';
      await enqueueMail(tx, {
        to: applicant.email,
        locale,
        template: MAIL_OF[decision],
        values: {
          associate: row.name,
          reason,
          link: deps.mailLinks.page(associate ? `/dashboard/${associate.uid}` : '/associate/apply', locale),
        },
      });
    }
    return saved!;
  });
}
