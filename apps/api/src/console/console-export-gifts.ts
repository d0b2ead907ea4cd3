// The gifts table as an export reads it (ADR 065): the same gifts, filters and order as the
// console's list (console-gifts.ts, ADR 060), read a page at a time after the last row's sort key,
// and only the gifts made before the export was asked for, so gifts arriving while it runs neither
// shift its pages nor change its count. An anonymous gift carries no name, kana, e-mail, address,
// phone or membership: only its amount, dates, method and receipt number (spec §5).
// console-exports.test.ts checks that the export holds the list's gifts in the list's order for
// each filter, so the two cannot drift apart unseen.
import { api, type Locale } from '@kifu/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donations } from '../db/schema/index';
import { donorAddressOf } from '../receipts/receipt-for-document';
import { consoleGiftOf, giftFilter, giftRowsWith } from './console-gifts';
import { after, japanDateTime, orderOf, type ExportSource, type KeyColumn } from './console-export-pages';

const createdAtText = sql`${donations.createdAt}::text`;
const byDate = (dir: 'asc' | 'desc'): KeyColumn[] => [
  { expr: sql`${donations.createdAt}`, dir, type: 'timestamptz' },
  { expr: sql`${donations.id}`, dir, type: 'int' },
];

/** The list's orders (console-gifts.ts ORDER), each ending with the gift's id. */
const KEYS: Record<api.GiftSort, KeyColumn[]> = {
  date_desc: byDate('desc'),
  date_asc: byDate('asc'),
  amount_desc: [{ expr: sql`${donations.amount}`, dir: 'desc', type: 'int' }, ...byDate('desc')],
  amount_asc: [{ expr: sql`${donations.amount}`, dir: 'asc', type: 'int' }, ...byDate('desc')],
};

/** What the list's filters ask (console-gifts.ts giftFilter), and nothing made after `until`. */
function exportFilter(associateId: number, filters: api.ConsoleGiftsExportFilters, until: Date): SQL {
  return and(giftFilter(associateId, filters), sql`${donations.createdAt} <= ${until.toISOString()}`)!;
}

/** The list's row (console-gifts.ts giftRowsWith) with the cursor's timestamp as text. */
const giftRows = (db: Database, where: SQL) => giftRowsWith(db, { createdAtText }).where(where);

/** node-postgres answers {rows}, PGlite too; both through drizzle's execute. */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

export function giftsExportSource(
  db: Database,
  input: { associateId: number; filters: api.ConsoleGiftsExportFilters; lang: Locale; until: Date },
): ExportSource {
  const { lang } = input;
  const key = KEYS[input.filters.sort];
  const byAmount = input.filters.sort.startsWith('amount');
  const where = exportFilter(input.associateId, input.filters, input.until);
  const labels = api.CONSOLE_EXPORT_LABELS;
  return {
    header: api.CONSOLE_EXPORT_HEADERS.gifts[lang],
    async count() {
      const [row] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from (${giftRows(db, where)}) g`));
      return Number(row?.count ?? 0);
    },
    async page(cursor, limit) {
      const rows = await giftRows(db, and(where, after(key, cursor))!)
        .orderBy(orderOf(key))
        .limit(limit);
      const last = rows.at(-1);
      return {
        rows: rows.map((row) => {
          const gift = consoleGiftOf(row, lang);
          const open = !gift.supporter.anonymous && row.donor ? row.donor : null;
          return [
            gift.id,
            japanDateTime(gift.created_at),
            japanDateTime(gift.paid_at),
            gift.supporter.name,
            gift.supporter.name_kana,
            gift.supporter.email,
            open ? donorAddressOf(open) || null : null,
            open?.phone || null,
            gift.supporter.anonymous ? api.csvYesNo(true, lang) : '',
            open ? api.csvYesNo(gift.supporter.member, lang) : '',
            gift.amount,
            gift.refunded_amount,
            gift.fee,
            gift.net,
            labels.method[gift.method][lang],
            labels.kind[gift.kind][lang],
            labels.status[gift.status][lang],
            gift.campaign?.title,
            gift.reward?.name,
            gift.portfolio?.name,
            gift.receipt_number,
          ];
        }),
        cursor: last ? [...(byAmount ? [last.gift.amount] : []), last.createdAtText, last.gift.id] : cursor ? [...cursor] : null,
      };
    },
  };
}
