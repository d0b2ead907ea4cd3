// The console's import of gifts received outside Kifu (ADR 077): the preview of a CSV file (every
// failing cell by row and column, how many rows are new and how many were imported before), the
// import itself, and the imported gifts with the file each came from.
import { z } from 'zod';
import { EXTERNAL_GIFT_COLUMNS, EXTERNAL_GIFT_METHODS } from '../external-gift-import';
import { FIELD_RULE_KEYS } from '../schemas/rule-keys';
import { associateUidParams } from './associate';
import { paginated, pageQuery, ROW_ID_MAX } from './common';

const COLUMN_KEYS = EXTERNAL_GIFT_COLUMNS.map((column) => column.key) as [
  (typeof EXTERNAL_GIFT_COLUMNS)[number]['key'],
  ...(typeof EXTERNAL_GIFT_COLUMNS)[number]['key'][],
];

/** A file the preview can read but not use: its header, or a quote left open. */
export const EXTERNAL_GIFT_HEADER_RULES = ['empty', 'missingColumn', 'unknownColumn', 'duplicateColumn', 'unterminatedQuote'] as const;

export const externalGiftRowError = z.object({
  row: z.number().int(),
  column: z.enum(COLUMN_KEYS).nullable(),
  rule: z.enum(FIELD_RULE_KEYS),
  params: z.object({ min: z.number().optional(), max: z.number().optional() }),
});
export type ExternalGiftRowErrorView = z.infer<typeof externalGiftRowError>;

export const externalGiftPreview = z.object({
  file_error: z.object({ rule: z.enum(EXTERNAL_GIFT_HEADER_RULES), column: z.string().nullable() }).nullable(),
  /** Rows after the header, blank lines left out. */
  row_count: z.number().int(),
  errors: z.array(externalGiftRowError),
  /** Rows that pass and are not stored yet: what an import adds. */
  new_count: z.number().int(),
  /** Rows that pass and are stored already (or repeat an earlier row of the file): an import skips them. */
  already_imported_rows: z.array(z.number().int()),
});
export type ExternalGiftPreview = z.infer<typeof externalGiftPreview>;

export const externalGiftImportResult = z.object({
  /** Null when every row was imported before: nothing was written. */
  import_id: z.number().int().nullable(),
  imported: z.number().int(),
  already_imported: z.number().int(),
});
export type ExternalGiftImportResult = z.infer<typeof externalGiftImportResult>;

export const externalGiftView = z.object({
  id: z.number().int(),
  received_on: z.string(),
  name: z.string(),
  kana: z.string(),
  postal_code: z.string(),
  address: z.string(),
  amount: z.number().int(),
  method: z.enum(EXTERNAL_GIFT_METHODS),
  memo: z.string(),
  import_id: z.number().int(),
  file_name: z.string(),
  imported_at: z.string(),
});
export type ExternalGiftView = z.infer<typeof externalGiftView>;
export const externalGiftList = paginated(externalGiftView);
export type ExternalGiftList = z.infer<typeof externalGiftList>;
export const externalGiftListQuery = pageQuery;

/** One file imported: when, its name and how many gifts it added (who imported it is in the owners' audit log). */
export const externalGiftImportView = z.object({
  id: z.number().int(),
  file_name: z.string(),
  imported_at: z.string(),
  row_count: z.number().int(),
});
export const externalGiftImportList = paginated(externalGiftImportView);
export type ExternalGiftImportList = z.infer<typeof externalGiftImportList>;

export const externalGiftImportParams = associateUidParams.extend({ importId: z.coerce.number().int().min(1).max(ROW_ID_MAX) });
