// How an application reads to its applicant and to Kifu's staff (ADR 078): the whole of it, the
// account number included (the applicant typed it; staff compare it with the documents), its
// documents and its social challenges by name.
import { ORGANISATION_TYPES, type api, type Locale, type OrganisationTypeId, type PayoutAccountType } from '@kifu/domain';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associateApplicationDocuments, associateApplications, associates, socialChallenges, users } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { localizer } from '../lib/localize';
import { toApplicationDocument } from './application-documents';

export type ApplicationRow = typeof associateApplications.$inferSelect;

const typeLabel = (type: number, lang: Locale) => (ORGANISATION_TYPES[type as OrganisationTypeId] ?? ORGANISATION_TYPES[99])[lang];

export async function applicationView(db: Database, row: ApplicationRow, lang: Locale): Promise<api.AssociateApplicationView> {
  const [documents, challenges, [applicant], [associate]] = await Promise.all([
    db
      .select()
      .from(associateApplicationDocuments)
      .where(eq(associateApplicationDocuments.applicationId, row.id))
      .orderBy(asc(associateApplicationDocuments.id)),
    row.socialChallenges.length === 0
      ? []
      : db
          .select()
          .from(socialChallenges)
          .where(inArray(socialChallenges.slug, row.socialChallenges))
          .orderBy(asc(socialChallenges.sortOrder)),
    db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.applicantId)),
    row.associateId === null ? [] : db.select({ uid: associates.uid }).from(associates).where(eq(associates.id, row.associateId)),
  ]);
  const tr = localizer(lang);
  return {
    id: row.id,
    status: row.status as api.AssociateApplicationView['status'],
    name: row.name,
    name_kana: row.nameKana,
    name_en: row.nameEn,
    organisation_type: row.organisationType,
    organisation_type_label: typeLabel(row.organisationType, lang),
    corporate_number: row.corporateNumber,
    address: { postalCode: row.postalCode, state: row.prefecture, city: row.city, street: row.street, building: row.building },
    representative: row.representative,
    representative_kana: row.representativeKana,
    certification:
      row.certificationNumber && row.certifiedOn && row.certificationExpiresOn
        ? {
            number: row.certificationNumber,
            authority: row.certificationAuthority ?? '',
            certified_on: row.certifiedOn,
            expires_on: row.certificationExpiresOn,
          }
        : null,
    requested_uid: row.requestedUid,
    bank_account: {
      bank_code: row.bankCode,
      bank_name: row.bankName,
      branch_code: row.branchCode,
      branch_name: row.branchName,
      account_type: row.accountType as PayoutAccountType,
      account_number: row.accountNumber,
      account_holder: row.accountHolder,
    },
    documents: documents.map(toApplicationDocument),
    social_challenges: challenges.map((challenge) => ({ slug: challenge.slug, name: tr(challenge, 'name') })),
    reason: row.reason,
    applicant: { id: applicant?.id ?? row.applicantId, email: applicant?.email ?? '' },
    associate_uid: associate?.uid ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}

/** The user's latest application, whatever its state, or undefined before they apply. */
export async function latestApplicationOf(db: Database, userId: number): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(associateApplications)
    .where(eq(associateApplications.applicantId, userId))
    .orderBy(desc(associateApplications.createdAt), desc(associateApplications.id))
    .limit(1);
  return row;
}

export async function applicationById(db: Database, id: number): Promise<ApplicationRow> {
  const [row] = await db.select().from(associateApplications).where(eq(associateApplications.id, id));
  if (!row) throw new AppError('not_found', 'no such application');
  return row;
}

/** Applications in one state for staff, the longest waiting first; decided ones the latest first. */
export async function staffApplicationList(db: Database, status: api.AssociateApplicationView['status'], lang: Locale) {
  const waiting = status === 'submitted' || status === 'changes_requested';
  const rows = await db
    .select({ application: associateApplications, email: users.email })
    .from(associateApplications)
    .innerJoin(users, eq(users.id, associateApplications.applicantId))
    .where(eq(associateApplications.status, status))
    .orderBy(waiting ? asc(associateApplications.updatedAt) : desc(associateApplications.updatedAt), asc(associateApplications.id))
    .limit(200);
  return rows.map(({ application, email }): api.StaffApplicationSummary => ({
    id: application.id,
    status: application.status as api.StaffApplicationSummary['status'],
    name: application.name,
    organisation_type_label: typeLabel(application.organisationType, lang),
    requested_uid: application.requestedUid,
    applicant_email: email,
    updated_at: application.updatedAt.toISOString(),
  }));
}
