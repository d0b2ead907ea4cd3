// The console's CSV exports (ADR 065): one row per file a member asked for — which table, with
// which filters, in which language — and how far its job has got. The file lies in the private
// file storage in parts, one per page the job wrote, so a job that a crash stopped goes on from
// its last stored page; the sweep removes the parts and the row when the file expires.
import { api } from '@kifu/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { associates } from './associate';
import { createdAt, id, nonNegative } from './columns';
import { users } from './user';

export const consoleExportKindEnum = pgEnum('console_export_kind', api.CONSOLE_EXPORT_KINDS);
export const consoleExportStatusEnum = pgEnum('console_export_status', api.CONSOLE_EXPORT_STATUSES);

export const consoleExports = pgTable(
  'console_exports',
  {
    id: id(),
    associateId: integer()
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The requester's e-mail at the time, as the audit log names them; the ready mail goes there. */
    requestedByLabel: text().notNull(),
    /** One press of the export button (the body's request_key), unique per requester. */
    requestKey: text(),
    kind: consoleExportKindEnum().notNull(),
    /** The table's filters as the zod query schema (packages/domain console-exports.ts) left them. */
    filters: jsonb().$type<Record<string, unknown>>().notNull(),
    locale: text().notNull().default('ja'),
    status: consoleExportStatusEnum().notNull().default('pending'),
    rowsTotal: integer(),
    rowsDone: integer().notNull().default(0),
    /** The folder of the file's parts in the private file storage. */
    fileKey: text().notNull(),
    /** The parts written so far, in order: their concatenation is the file. */
    partKeys: jsonb().$type<string[]>().notNull().default([]),
    /** Where the next page starts: the sort key of the last row written (keyset pagination). */
    cursor: jsonb().$type<unknown[]>(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    error: text(),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    readyAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('console_exports_associate_idx').on(t.associateId, t.createdAt),
    index('console_exports_expires_idx').on(t.expiresAt),
    uniqueIndex('console_exports_request_key_idx')
      .on(t.requestedBy, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    check('console_exports_locale_check', sql`${t.locale} in ('ja', 'en')`),
    check('console_exports_rows_check', sql`${nonNegative(t.rowsDone)} and (${t.rowsTotal} is null or ${t.rowsTotal} >= 0)`),
  ],
);
