// The gifts table as an export reads it (ADR 065): the same gifts, filters and order as the
// console's list (console-gifts.ts, ADR 060), read a page at a time after the last row's sort key,
// and only the gifts made before the export was asked for, so gifts arriving while it runs neither
// shift its pages nor change its count. An anonymous gift carries no name, kana, e-mail, address,
// phone or membership: only its amount, dates, method and receipt number (spec §5).
// console-exports.test.ts checks that the export holds the list's gifts in the list's order for
// each filter, so the two cannot drift apart unseen.
//
// Speed (ADR 065 "Speed"): a page asks only for the columns the file shows, with the dates already
// in Japan time as text, through a plain query whose rows need no mapping. The list's query
// (console-gifts.ts giftRowsWith) selects every column of the gift and its donor, and mapping those
// 66 columns into objects and Dates cost more than the rest of the export together.
import { api, paymentMethodOfId, type Locale } from '@kifu/domain';
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  campaignRewards,
  campaigns,
  donations,
  donors,
  portfolioDonations,
  portfolios,
  receipts,
  recurringDonations,
} from '../db/schema/index';
import { localizer } from '../lib/localize';
import { donorAddressOf, donorNameOf } from '../receipts/receipt-for-document';
import { consoleStatusOf, giftFilter } from './console-gifts';
import { after, orderOf, type ExportSource, type KeyColumn } from './console-export-pages';

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

/**
 * The tables the list's filters read (console-gifts.ts giftFilter, over giftRowsWith's joins): donors
 * for a search or a supporter, recurring support for the kind, receipts for a receipt number.
 */
const FILTERED = sql`${donations}
  left join ${donors} on ${donors.id} = ${donations.donorId}
  left join ${recurringDonations} on ${recurringDonations.id} = ${donations.recurringDonationId}
  left join ${receipts} on ${receipts.donationId} = ${donations.id} and ${receipts.kind} = 'gift' and ${receipts.supersededAt} is null`;

/**
 * What a page adds to its rows once they are chosen: the campaign's, the reward's and the
 * portfolio's names. Joined outside the query that chooses the page, so PostgreSQL plans two small
 * joins rather than weighing the orders of eight tables for each page, which cost as much as running it.
 */
const NAMED = sql`left join ${campaigns} on ${campaigns.id} = g.campaign_id
  left join ${campaignRewards} on ${campaignRewards.id} = g.reward_id
  left join ${portfolioDonations} on ${portfolioDonations.id} = g.portfolio_donation_id
  left join ${portfolios} on ${portfolios.id} = ${portfolioDonations.portfolioId}`;

/** An instant as the file shows it: Japan time (a fixed +9 hours, no summer time), to the second. */
const japanText = (column: SQLWrapper) => sql`to_char(${column} at time zone interval '+09:00', 'YYYY-MM-DD HH24:MI:SS')`;

/** `value as name, …` */
const named = (columns: Record<string, SQLWrapper>) =>
  sql.join(
    Object.entries(columns).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );

/** The names a page's rows carry once chosen, through NAMED. */
const NAMES = {
  campaign_title: campaigns.title,
  campaign_title_en: campaigns.titleEn,
  reward_title: campaignRewards.title,
  reward_title_en: campaignRewards.titleEn,
  portfolio_name: portfolios.name,
  portfolio_name_en: portfolios.nameEn,
};

/** The rest of a row, read with the gift when the page is chosen: the file's cells before their words, and the cursor's timestamp as text. */
const CHOSEN: Record<Exclude<keyof Row, keyof typeof NAMES>, SQLWrapper> = {
  id: donations.id,
  cursor_at: sql`${donations.createdAt}::text`,
  created_at: japanText(donations.createdAt),
  paid_at: japanText(donations.paidAt),
  anonymous: donations.isAnonymous,
  member: sql`${donations.userId} is not null`,
  amount: donations.amount,
  refunded_amount: donations.refundedAmount,
  commission: donations.commission,
  transfer_amount: donations.transferAmount,
  payment_method: donations.paymentMethod,
  status: donations.status,
  isCorporate: donors.isCorporate,
  lastName: donors.lastName,
  firstName: donors.firstName,
  lastNameKana: donors.lastNameKana,
  firstNameKana: donors.firstNameKana,
  email: donors.email,
  zipCode: donors.zipCode,
  area: donors.area,
  city: donors.city,
  address1: donors.address1,
  address2: donors.address2,
  phone: donors.phone,
  period: recurringDonations.period,
  receipt_number: receipts.number,
};

/** What the outer query answers: the chosen rows' columns as they are, and their names. */
const ROW = named({ ...Object.fromEntries(Object.keys(CHOSEN).map((name) => [name, sql`g.${sql.identifier(name)}`])), ...NAMES });

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** The donor's columns a row carries, named as the donor helpers (receipt-for-document.ts) read them. */
type DonorColumns = Pick<
  typeof donors.$inferSelect,
  | 'isCorporate'
  | 'lastName'
  | 'firstName'
  | 'lastNameKana'
  | 'firstNameKana'
  | 'email'
  | 'zipCode'
  | 'area'
  | 'city'
  | 'address1'
  | 'address2'
  | 'phone'
>;

/**
 * A row as PostgreSQL sends it, named as CHOSEN and NAMES name it (integer columns arrive as numbers); the
 * donor's columns are null for a gift without a donor.
 */
interface Row extends Nullable<DonorColumns> {
  id: number;
  cursor_at: string;
  created_at: string;
  paid_at: string | null;
  anonymous: boolean;
  member: boolean;
  amount: number;
  refunded_amount: number;
  commission: number;
  transfer_amount: number | null;
  payment_method: number;
  status: (typeof donations.status.enumValues)[number];
  period: 'monthly' | 'annual' | null;
  receipt_number: string | null;
  campaign_title: string | null;
  campaign_title_en: string | null;
  reward_title: string | null;
  reward_title_en: string | null;
  portfolio_name: string | null;
  portfolio_name_en: string | null;
}

/** node-postgres answers {rows}, PGlite too; both through drizzle's execute. */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

export function giftsExportSource(
  db: Database,
  input: { associateId: number; filters: api.ConsoleGiftsExportFilters; lang: Locale; until: Date },
): ExportSource {
  const { lang } = input;
  const key = KEYS[input.filters.sort];
  // The inner query chooses the page in the key's order; the outer one names the page's campaigns,
  // rewards and portfolios, and keeps that order through the key's values (k0, k1, …).
  const inner = named({
    ...Object.fromEntries(key.map((column, at) => [`k${at}`, column.expr])),
    ...CHOSEN,
    campaign_id: donations.campaignId,
    reward_id: donations.rewardId,
    portfolio_donation_id: donations.portfolioDonationId,
  });
  const outerKey = key.map((column, at) => ({ ...column, expr: sql`g.${sql.identifier(`k${at}`)}` }));
  const byAmount = input.filters.sort.startsWith('amount');
  const where = exportFilter(input.associateId, input.filters, input.until);
  const labels = api.CONSOLE_EXPORT_LABELS;
  const localize = localizer(lang);
  const yes = api.csvYesNo(true, lang);
  /** One record: the cells of CONSOLE_EXPORT_HEADERS.gifts, as the list shows the gift (console-gifts.ts consoleGiftOf). */
  const cellsOf = (row: Row) => {
    // An anonymous gift's donor is no one's; a gift without a donor (lastName is never null) has none.
    // The donor helpers take a whole donor row and read only DonorColumns, which the row has.
    const donor = row.anonymous || row.lastName === null ? null : (row as unknown as typeof donors.$inferSelect);
    return [
      row.id,
      row.created_at,
      row.paid_at,
      donor && donorNameOf(donor),
      donor && (`${donor.lastNameKana} ${donor.firstNameKana}`.trim() || null),
      donor?.email,
      donor && (donorAddressOf(donor) || null),
      donor?.phone || null,
      row.anonymous ? yes : '',
      donor ? api.csvYesNo(row.member, lang) : '',
      row.amount,
      row.refunded_amount,
      row.commission,
      row.transfer_amount ?? row.amount - row.commission,
      labels.method[paymentMethodOfId(row.payment_method) ?? 'creditCard'][lang],
      labels.kind[row.period ?? 'single'][lang],
      labels.status[consoleStatusOf(row.status)][lang],
      row.campaign_title === null ? null : localize({ title: row.campaign_title, titleEn: row.campaign_title_en }, 'title'),
      row.reward_title === null ? null : localize({ title: row.reward_title, titleEn: row.reward_title_en }, 'title'),
      row.portfolio_name === null ? null : localize({ name: row.portfolio_name, nameEn: row.portfolio_name_en }, 'name'),
      row.receipt_number,
    ];
  };
  return {
    header: api.CONSOLE_EXPORT_HEADERS.gifts[lang],
    async count() {
      const [row] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from ${FILTERED} where ${where}`));
      return Number(row?.count ?? 0);
    },
    async page(cursor, limit) {
      const rows = rowsOf<Row>(
        await db.execute(
          sql`select ${ROW} from (
              select ${inner} from ${FILTERED} where ${and(where, after(key, cursor))} order by ${orderOf(key)} limit ${limit}
            ) g ${NAMED} order by ${orderOf(outerKey)}`,
        ),
      );
      const last = rows.at(-1);
      return {
        rows: rows.map(cellsOf),
        cursor: last ? [...(byAmount ? [last.amount] : []), last.cursor_at, last.id] : cursor ? [...cursor] : null,
      };
    },
  };
}
