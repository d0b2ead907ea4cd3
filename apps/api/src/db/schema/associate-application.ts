// Organisations applying to join Kifu (ADR 078): the application as the applicant sent it, with
// the bank-checked payout account, until Kifu's staff approve it (then it names the associate made
// from it), decline it or ask for changes (then `reason` says why). A user has one open application
// at a time, and a public address is held by one open application at a time; the associates'
// own unique uid covers the rest. Its documents are files in the storage under a folder the media
// route does not serve, read only through the API by the applicant and staff.
import { ASSOCIATE_APPLICATION_STATUSES, PAYOUT_ACCOUNT_TYPES } from '@kifu/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { associates } from './associate';
import { createdAt, id, oneOf, positive, timestamps } from './columns';
import { users } from './user';

export const associateApplications = pgTable(
  'associate_applications',
  {
    id: id(),
    applicantId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull().default('submitted'),
    name: text().notNull(),
    nameKana: text().notNull(),
    nameEn: text().notNull().default(''),
    organisationType: smallint().notNull(),
    /** Thirteen digits, or empty for a voluntary group. */
    corporateNumber: text().notNull(),
    postalCode: text().notNull(),
    prefecture: text().notNull(),
    city: text().notNull(),
    street: text().notNull(),
    building: text().notNull().default(''),
    representative: text().notNull(),
    representativeKana: text().notNull(),
    certificationNumber: text(),
    certificationAuthority: text(),
    certifiedOn: date({ mode: 'string' }),
    certificationExpiresOn: date({ mode: 'string' }),
    requestedUid: text().notNull(),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    branchCode: text().notNull(),
    branchName: text().notNull(),
    accountType: text().notNull(),
    accountNumber: text().notNull(),
    accountHolder: text().notNull(),
    /** Slugs of social_challenges. */
    socialChallenges: jsonb().$type<string[]>().notNull().default([]),
    reason: text().notNull().default(''),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    associateId: integer().references(() => associates.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('associate_applications_status_check', oneOf(t.status, ASSOCIATE_APPLICATION_STATUSES)),
    check('associate_applications_account_type_check', oneOf(t.accountType, PAYOUT_ACCOUNT_TYPES)),
    uniqueIndex('associate_applications_open_applicant_key')
      .on(t.applicantId)
      .where(sql`${t.status} in ('submitted', 'changes_requested')`),
    uniqueIndex('associate_applications_open_uid_key')
      .on(t.requestedUid)
      .where(sql`${t.status} in ('submitted', 'changes_requested')`),
    index('associate_applications_status_idx').on(t.status, t.updatedAt),
  ],
);

/** A file an applicant uploaded: theirs until an application takes it, then that application's. */
export const associateApplicationDocuments = pgTable(
  'associate_application_documents',
  {
    id: id(),
    uploaderId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer().references(() => associateApplications.id, { onDelete: 'cascade' }),
    /** The storage key (application-documents/…), never a client's name. */
    storageKey: text().notNull().unique(),
    /** The name the applicant's file had, for staff to tell documents apart; never used as a path. */
    fileName: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('associate_application_documents_type_check', oneOf(t.contentType, ['application/pdf', 'image/webp'])),
    check('associate_application_documents_size_check', positive(t.byteSize)),
    index('associate_application_documents_application_idx').on(t.applicationId),
    index('associate_application_documents_uploader_idx').on(t.uploaderId),
  ],
);
