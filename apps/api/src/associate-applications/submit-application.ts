// An organisation applies to join Kifu, or sends its application again after staff asked for
// changes (ADR 078). Before anything is saved: its documents must be the applicant's own and not
// part of another application, its public address free, its social challenges known, and the bank
// must find the payout account open and held by the name given (ADR 074): a refusal is said at its
// field, a bank that cannot answer is a 503, and nothing is saved either way. One open application
// per user and per public address is the database's rule too, so two submissions at once make one.
import { type AssociateApplication, type Locale } from '@kifu/domain';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associateApplicationDocuments, associateApplications, associates, socialChallenges, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { isUniqueViolation } from '../lib/unique-violation';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';
import type { BankGateway } from '../providers/bank/bank-gateway';
import { checkPayoutAccount } from '../providers/bank/check-payout-account';
import type { ApplicationRow } from './application-views';

export interface SubmitDeps {
  db: Database;
  bank: BankGateway;
  mailLinks: MailLinks;
}

/** What must hold before the bank is asked; `applicationId` is the application sent again, if any. */
async function checkReferences(db: Database, userId: number, input: AssociateApplication, applicationId?: number): Promise<void> {
  const documents = await db
    .select({ id: associateApplicationDocuments.id })
    .from(associateApplicationDocuments)
    .where(
      and(
        inArray(associateApplicationDocuments.id, input.document_ids),
        eq(associateApplicationDocuments.uploaderId, userId),
        applicationId === undefined
          ? isNull(associateApplicationDocuments.applicationId)
          : or(isNull(associateApplicationDocuments.applicationId), eq(associateApplicationDocuments.applicationId, applicationId)),
      ),
    );
  if (documents.length !== new Set(input.document_ids).size)
    throw new AppError('validation_failed', 'a document is not yours or belongs to another application', { document_ids: ['value'] });
  const known = await db
    .select({ slug: socialChallenges.slug })
    .from(socialChallenges)
    .where(inArray(socialChallenges.slug, input.social_challenges));
  if (known.length !== input.social_challenges.length)
    throw new AppError('validation_failed', 'no such social challenge', { social_challenges: ['value'] });
  const [associate] = await db.select({ id: associates.id }).from(associates).where(eq(associates.uid, input.requested_uid));
  const [other] = await db
    .select({ id: associateApplications.id })
    .from(associateApplications)
    .where(
      and(
        eq(associateApplications.requestedUid, input.requested_uid),
        inArray(associateApplications.status, ['submitted', 'changes_requested']),
        applicationId === undefined ? undefined : ne(associateApplications.id, applicationId),
      ),
    );
  if (associate || other) throw new AppError('conflict', 'the public address is taken', { requested_uid: ['unique'] });
}

const columnsOf = (input: AssociateApplication) => ({
  name: input.name,
  nameKana: input.name_kana,
  nameEn: input.name_en,
  organisationType: input.organisation_type,
  corporateNumber: input.corporate_number,
  postalCode: input.address.postalCode,
  prefecture: input.address.state,
  city: input.address.city,
  street: input.address.street,
  building: input.address.building ?? '',
  representative: input.representative,
  representativeKana: input.representative_kana,
  certificationNumber: input.certification?.number ?? null,
  certificationAuthority: input.certification?.authority ?? null,
  certifiedOn: input.certification?.certified_on ?? null,
  certificationExpiresOn: input.certification?.expires_on ?? null,
  requestedUid: input.requested_uid,
  bankCode: input.bank_account.bank_code,
  bankName: input.bank_account.bank_name,
  branchCode: input.bank_account.branch_code,
  branchName: input.bank_account.branch_name,
  accountType: input.bank_account.account_type,
  accountNumber: input.bank_account.account_number,
  accountHolder: input.bank_account.account_holder,
  socialChallenges: input.social_challenges,
});

/** Links the documents to the application; those it no longer lists become the applicant's loose ones again. */
async function attachDocuments(tx: Database, applicationId: number, documentIds: number[]): Promise<void> {
  await tx
    .update(associateApplicationDocuments)
    .set({ applicationId: null })
    .where(eq(associateApplicationDocuments.applicationId, applicationId));
  await tx.update(associateApplicationDocuments).set({ applicationId }).where(inArray(associateApplicationDocuments.id, documentIds));
}

async function mailReceived(tx: Database, links: MailLinks, userId: number, name: string): Promise<void> {
  const [user] = await tx.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const locale: Locale = user.locale === 'en' ? 'en' : 'ja';
  await enqueueMail(tx, {
    to: user.email,
    locale,
    template: 'application-received',
    values: { associate: name, link: links.page('/associate/apply', locale) },
  });
}

const takenAddress = (error: unknown) =>
  isUniqueViolation(error, 'associate_applications_open_uid_key')
    ? new AppError('conflict', 'the public address is taken', { requested_uid: ['unique'] })
    : undefined;

export async function submitApplication(deps: SubmitDeps, userId: number, input: AssociateApplication): Promise<ApplicationRow> {
  const [open] = await deps.db
    .select({ id: associateApplications.id })
    .from(associateApplications)
    .where(and(eq(associateApplications.applicantId, userId), inArray(associateApplications.status, ['submitted', 'changes_requested'])));
  if (open) throw new AppError('conflict', 'you already have an open application');
  await checkReferences(deps.db, userId, input);
  await checkPayoutAccount(deps.bank, input.bank_account, 'bank_account.');
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(associateApplications)
        .values({ applicantId: userId, ...columnsOf(input) })
        .returning();
      await attachDocuments(tx, row!.id, input.document_ids);
      await mailReceived(tx, deps.mailLinks, userId, input.name);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'associate_applications_open_applicant_key'))
      throw new AppError('conflict', 'you already have an open application');
    throw takenAddress(error) ?? error;
  }
}

/** The applicant sends their application again after staff asked for changes: it waits for staff once more. */
export async function resubmitApplication(
  deps: SubmitDeps,
  userId: number,
  applicationId: number,
  input: AssociateApplication,
): Promise<ApplicationRow> {
  const [row] = await deps.db.select().from(associateApplications).where(eq(associateApplications.id, applicationId));
  // Someone else's application is not theirs to know of.
  if (!row || row.applicantId !== userId) throw new AppError('not_found', 'no such application');
  if (row.status !== 'changes_requested') throw new AppError('conflict', `the application is ${row.status}, not waiting for changes`);
  await checkReferences(deps.db, userId, input, applicationId);
  await checkPayoutAccount(deps.bank, input.bank_account, 'bank_account.');
  try {
    return await deps.db.transaction(async (tx) => {
      // Only from changes_requested: a decision staff made meanwhile is not overwritten.
      const [saved] = await tx
        .update(associateApplications)
        .set({ ...columnsOf(input), status: 'submitted', updatedAt: new Date() })
        .where(and(eq(associateApplications.id, applicationId), eq(associateApplications.status, 'changes_requested')))
        .returning();
      if (!saved) throw new AppError('conflict', 'the application changed meanwhile');
      await attachDocuments(tx, applicationId, input.document_ids);
      await mailReceived(tx, deps.mailLinks, userId, input.name);
      return saved;
    });
  } catch (error) {
    throw takenAddress(error) ?? error;
  }
}
