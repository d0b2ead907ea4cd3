// Gifts an associate received outside Kifu — cash, or a transfer to its own bank account — that it
// imported from a CSV file in its console (ADR 077). They are tables of their own, never donations:
// Kifu neither received that money nor receipts it, so nothing that pays, receipts or totals Kifu's
// gifts (statements and payouts, receipts, campaign and associate totals) can ever read them. The
// donor register, the public-support test tracker and the supporters list read them beside the
// donations, marked as external.
import { EXTERNAL_GIFT_MAX_AMOUNT, EXTERNAL_GIFT_METHODS, MIN_AMOUNT } from '@kifu/domain';
import { check, date, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { associates } from './associate';
import { between, createdAt, id, nonNegative, oneOf, yen } from './columns';
import { users } from './user';

/** One file imported: who, when, which file (its name and SHA-256), how many gifts it added. */
export const externalGiftImports = pgTable(
  'external_gift_imports',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    importedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The importer stays named once their account is gone, as in the audit log. */
    importedByLabel: text().notNull(),
    fileName: text().notNull(),
    fileSha256: text().notNull(),
    rowCount: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('external_gift_imports_associate_idx').on(t.associateId, t.createdAt),
    check('external_gift_imports_row_count_check', nonNegative(t.rowCount)),
  ],
);

/**
 * One gift from an imported row, its values normalised by packages/domain
 * (external-gift-import.ts). `rowKey` is the SHA-256 of those values: the same row imported again
 * meets the unique key and adds nothing. Deleting an import deletes its gifts.
 */
export const externalGifts = pgTable(
  'external_gifts',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    importId: integer()
      .notNull()
      .references(() => externalGiftImports.id, { onDelete: 'cascade' }),
    receivedOn: date({ mode: 'string' }).notNull(),
    name: text().notNull(),
    kana: text().notNull().default(''),
    email: text().notNull().default(''),
    postalCode: text().notNull(),
    prefecture: text().notNull(),
    city: text().notNull(),
    street: text().notNull(),
    building: text().notNull().default(''),
    amount: yen().notNull(),
    method: text().notNull(),
    memo: text().notNull().default(''),
    rowKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('external_gifts_row_key').on(t.associateId, t.rowKey),
    index('external_gifts_associate_received_idx').on(t.associateId, t.receivedOn),
    index('external_gifts_import_idx').on(t.importId),
    check('external_gifts_amount_check', between(t.amount, MIN_AMOUNT, EXTERNAL_GIFT_MAX_AMOUNT)),
    check('external_gifts_method_check', oneOf(t.method, EXTERNAL_GIFT_METHODS)),
  ],
);
