// Tax receipts (寄附金受領証明書, ADR 033) and the ZIP bundles of them a supporter asks for.
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, positive, yen } from './columns';
import { associates } from './associate';
import { donations } from './donation';
import { donors } from './donor';
import { recurringDonations } from './recurring';
import { users } from './user';

/** gift: one donation; combined: a supporter's gifts to one associate in one calendar year (合算). */
export const receiptKindEnum = pgEnum('receipt_kind', ['gift', 'combined']);

/**
 * A receipt is issued once and keeps its number: a later download is a reissue (再発行) of the
 * same row. A combined receipt whose gifts changed since it was issued is superseded by a new one;
 * a gift's receipt is superseded (voided) when the gift is refunded, by a new one for what was kept
 * after a partial refund (ADR 064).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    kind: receiptKindEnum().notNull(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'restrict' }),
    /** The year the gift was received in Japan; numbering restarts each year. */
    year: smallint().notNull(),
    sequence: integer().notNull(),
    /** What the receipt prints, unique per associate (e.g. K12-2026-00042). */
    number: text().notNull(),
    donationId: integer().references(() => donations.id, { onDelete: 'restrict' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Whose name and address the receipt carries: the snapshot entered with the gift. */
    donorId: integer()
      .notNull()
      .references(() => donors.id, { onDelete: 'restrict' }),
    amount: yen().notNull(),
    /** The gifts a combined receipt covers, as issued. */
    donationIds: jsonb().$type<number[]>().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Times the receipt was handed to the donor (a PDF answered, a ZIP made ready; 0 while only drawn for a ZIP): a copy drawn when it is above 0 is a reissue (ADR 057). */
    issueCount: integer().notNull().default(1),
    lastIssuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('receipts_associate_number_key').on(t.associateId, t.year, t.sequence),
    uniqueIndex('receipts_gift_key')
      .on(t.donationId)
      .where(sql`${t.kind} = 'gift' and ${t.supersededAt} is null`),
    uniqueIndex('receipts_combined_current_key')
      .on(t.associateId, t.userId, t.year)
      .where(sql`${t.kind} = 'combined' and ${t.supersededAt} is null`),
    index('receipts_user_idx').on(t.userId),
    check('receipts_amount_check', positive(t.amount)),
  ],
);

/** The last receipt number given per associate and year. */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    year: smallint().notNull(),
    lastSequence: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.associateId, t.year] })],
);

/** year: every receipt of a year; monthly: one recurring donation's receipts of a year; tax_pack: the tax summary and each associate's combined receipt. */
export const receiptBundleKindEnum = pgEnum('receipt_bundle_kind', ['year', 'monthly', 'tax_pack']);
export const receiptBundleStatusEnum = pgEnum('receipt_bundle_status', ['pending', 'ready', 'failed']);

/** A ZIP a supporter asked for, built by a job and kept in private file storage until it expires. */
export const receiptBundles = pgTable(
  'receipt_bundles',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: receiptBundleKindEnum().notNull(),
    year: smallint().notNull(),
    recurringDonationId: integer().references(() => recurringDonations.id, { onDelete: 'cascade' }),
    /** The language the documents are drawn in (ja, or ja with English alongside). */
    locale: text().notNull().default('ja'),
    status: receiptBundleStatusEnum().notNull().default('pending'),
    fileKey: text(),
    fileCount: integer().notNull().default(0),
    createdAt: createdAt(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('receipt_bundles_user_idx').on(t.userId, t.createdAt),
    check('receipt_bundles_locale_check', sql`${t.locale} in ('ja', 'en')`),
  ],
);
