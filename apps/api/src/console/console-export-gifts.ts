// The gifts table as an export reads it (ADR 065): the same gifts, filters and order as the
// console's list (console-gifts.ts, ADR 060), read a page at a time after the last row's sort key,
// and only the gifts made before the export was asked for, so gifts arriving while it runs neither
// shift its pages nor change its count. An anonymous gift carries no name, kana, e-mail, address,
// phone or membership: only its amount, dates, method and receipt number (spec §5).
// console-exports.test.ts checks that the export holds the list's gifts in the list's order for
// each filter, so the two cannot drift apart unseen.
import { api, paymentMethodIdOf, type Locale } from '@kifu/domain';
import { and, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
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
import { containsPattern } from '../lib/like-pattern';
import { donorAddressOf } from '../receipts/receipt-for-document';
import { consoleGiftOf, guestEmailOf } from './console-gifts';
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

const japanMidnight = (isoDate: string, plusDays = 0) => new Date(Date.parse(`${isoDate}T00:00:00+09:00`) + plusDays * 86_400_000);
const compact = (q: string) => containsPattern(q.replace(/[\s\u3000]+/g, ''));

/** What the list's filters ask (console-gifts.ts giftFilter), and nothing made after `until`. */
function exportFilter(associateId: number, filters: api.ConsoleGiftsExportFilters, until: Date): SQL {
  const { q, supporter } = filters;
  const status = filters.status;
  return and(
    eq(donations.associateId, associateId),
    sql`${donations.createdAt} <= ${until.toISOString()}`,
    filters.from ? sql`${donations.createdAt} >= ${japanMidnight(filters.from).toISOString()}` : undefined,
    filters.to ? sql`${donations.createdAt} < ${japanMidnight(filters.to, 1).toISOString()}` : undefined,
    filters.kind === 'single' ? isNull(donations.recurringDonationId) : undefined,
    filters.kind === 'monthly' || filters.kind === 'annual' ? eq(recurringDonations.period, filters.kind) : undefined,
    filters.method ? eq(donations.paymentMethod, paymentMethodIdOf[filters.method]) : undefined,
    status === 'processing' ? inArray(donations.status, ['pending', 'authorizing']) : status ? eq(donations.status, status) : undefined,
    filters.campaign_id ? eq(donations.campaignId, filters.campaign_id) : undefined,
    supporter
      ? and(
          eq(donations.isAnonymous, false),
          supporter.startsWith('u')
            ? eq(donations.userId, Number(supporter.slice(1)))
            : and(isNull(donations.userId), sql`lower(${donors.email}) = ${guestEmailOf(associateId, Number(supporter.slice(1)))}`),
        )
      : undefined,
    q
      ? or(
          eq(receipts.number, q),
          and(
            eq(donations.isAnonymous, false),
            or(
              ilike(sql`${donors.lastName} || ${donors.firstName}`, compact(q)),
              ilike(sql`${donors.lastNameKana} || ${donors.firstNameKana}`, compact(q)),
              ilike(donors.email, containsPattern(q)),
            ),
          ),
        )
      : undefined,
  )!;
}

/** The list's row (console-gifts.ts giftRows) with the cursor's timestamp as text. */
function giftRows(db: Database, where: SQL) {
  return db
    .select({
      gift: donations,
      donor: donors,
      period: recurringDonations.period,
      receiptNumber: receipts.number,
      campaign: { id: campaigns.id, title: campaigns.title, titleEn: campaigns.titleEn },
      reward: { id: campaignRewards.id, title: campaignRewards.title, titleEn: campaignRewards.titleEn },
      portfolio: { id: portfolios.id, name: portfolios.name, nameEn: portfolios.nameEn },
      createdAtText,
    })
    .from(donations)
    .leftJoin(donors, eq(donors.id, donations.donorId))
    .leftJoin(recurringDonations, eq(recurringDonations.id, donations.recurringDonationId))
    .leftJoin(receipts, and(eq(receipts.donationId, donations.id), eq(receipts.kind, 'gift'), isNull(receipts.supersededAt)))
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(campaignRewards, eq(campaignRewards.id, donations.rewardId))
    .leftJoin(portfolioDonations, eq(portfolioDonations.id, donations.portfolioDonationId))
    .leftJoin(portfolios, eq(portfolios.id, portfolioDonations.portfolioId))
    .where(where);
}

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
