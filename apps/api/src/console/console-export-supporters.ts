// The supporters table as an export reads it (ADR 065): one row per person who gave openly, keyed
// and grouped as the console's list (console-supporters.ts, ADR 060) — anonymous gifts left out
// entirely (spec §5) — read a page at a time after the last row's sort key, from the gifts made
// before the export was asked for.
import { api, paymentMethodOfId, type Locale } from '@kifu/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { supportersSql } from './console-supporters';
import { rowsOf } from './console-export-gifts';
import { after, japanDateTime, orderOf, type KeyColumn, type ExportSource } from './console-export-pages';

const KEY_TAIL: KeyColumn = { expr: sql`s.key`, dir: 'asc', type: 'text' };
/** The list's orders, each ending with the supporter's key. */
const KEYS: Record<api.SupporterSort, KeyColumn[]> = {
  last_gift_desc: [{ expr: sql`s.last_gift_at`, dir: 'desc', type: 'timestamptz' }, KEY_TAIL],
  total_desc: [{ expr: sql`s.total`, dir: 'desc', type: 'int' }, KEY_TAIL],
  this_year_desc: [{ expr: sql`s.total_this_year`, dir: 'desc', type: 'int' }, KEY_TAIL],
  name_asc: [{ expr: sql`coalesce(nullif(s.name_kana, ''), s.name)`, dir: 'asc', type: 'text' }, KEY_TAIL],
};

interface Row {
  sort_value: string | number;
  key: string;
  id: string;
  name: string;
  name_kana: string;
  email: string;
  corporate: boolean;
  member: boolean;
  newsletter: boolean;
  payment_method: number | null;
  first_gift_at: string;
  last_gift_at: string;
  gift_count: number;
  total: number;
  total_this_year: number;
  recurring_period: 'monthly' | 'annual' | null;
  recurring_amount: number | null;
  recurring_next: string | null;
}

/** The list's supporters (console-supporters.ts supportersSql) from the gifts made up to `until`, with the sort key first. */
function exportSql(associateId: number, filters: api.ConsoleSupportersExportFilters, until: Date, tail: SQL): SQL {
  const key = KEYS[filters.sort];
  return sql`select ${key[0]!.expr}::text as sort_value, s.*, s.first_gift_at::text as first_gift_at, s.last_gift_at::text as last_gift_at
      from (${supportersSql(associateId, filters, until)}) s where true ${tail}`;
}

export function supportersExportSource(
  db: Database,
  input: { associateId: number; filters: api.ConsoleSupportersExportFilters; lang: Locale; until: Date },
): ExportSource {
  const { lang, filters } = input;
  const key = KEYS[filters.sort];
  const labels = api.CONSOLE_EXPORT_LABELS;
  return {
    header: api.CONSOLE_EXPORT_HEADERS.supporters[lang],
    async count() {
      const query = exportSql(input.associateId, filters, input.until, sql``);
      const [row] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from (${query}) c`));
      return Number(row?.count ?? 0);
    },
    async page(cursor, limit) {
      const condition = after(key, cursor);
      const tail = sql`${condition ? sql`and ${condition}` : sql``} order by ${orderOf(key)} limit ${limit}`;
      const rows = rowsOf<Row>(await db.execute(exportSql(input.associateId, filters, input.until, tail)));
      const last = rows.at(-1);
      return {
        rows: rows.map((row) => [
          row.id,
          row.name,
          row.name_kana || null,
          row.email,
          api.csvYesNo(row.corporate, lang),
          api.csvYesNo(row.member, lang),
          api.csvYesNo(row.newsletter, lang),
          japanDateTime(row.first_gift_at),
          japanDateTime(row.last_gift_at),
          Number(row.gift_count),
          Number(row.total),
          Number(row.total_this_year),
          row.payment_method === null ? null : labels.method[paymentMethodOfId(Number(row.payment_method)) ?? 'creditCard'][lang],
          row.recurring_period ? labels.kind[row.recurring_period][lang] : null,
          row.recurring_amount === null ? null : Number(row.recurring_amount),
          row.recurring_next,
        ]),
        cursor: last ? [last.sort_value, last.key] : cursor ? [...cursor] : null,
      };
    },
  };
}
