// The console's gifts table (ADR 060): every gift to one associate — direct, through its campaigns,
// or its part of a portfolio gift — filtered, searched, sorted and paged in the database, so an
// associate with a hundred thousand gifts gets a page as fast as one with ten (the plan is tested
// on PostgreSQL: console-gifts-plan.test.ts). An anonymous gift's supporter is null here and in
// the search: its name and e-mail neither show nor match (spec §5).
import { api, paymentMethodIdOf, type Locale, paymentMethodOfId } from '@kifu/domain';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
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
import { localizer } from '../lib/localize';
import { pageOf, pageWindow } from '../lib/paginate';
import { donorNameOf } from '../receipts/receipt-for-document';
import { keptAmount } from '../read-models/kept-amount';

/** The start of a Japan calendar day, as an instant. */
const japanMidnight = (isoDate: string, plusDays = 0) => new Date(Date.parse(`${isoDate}T00:00:00+09:00`) + plusDays * 86_400_000);

export function consoleStatusOf(status: (typeof donations.status.enumValues)[number]): api.ConsoleGiftStatus {
  return status === 'pending' || status === 'authorizing' ? 'processing' : status;
}

function statusCondition(status: api.ConsoleGiftStatus): SQL {
  return status === 'processing' ? inArray(donations.status, ['pending', 'authorizing']) : eq(donations.status, status);
}

/**
 * A supporter's open gifts: by their account, or a guest's by the e-mail of one of their donor
 * records — only a record of an open gift to this associate, so an id cannot reach anyone else.
 */
function supporterGifts(associateId: number, id: string): SQL {
  const number = Number(id.slice(1));
  return and(
    eq(donations.isAnonymous, false),
    // Someone who gave only outside Kifu (ADR 077) has no gift here.
    id.startsWith('x')
      ? sql`false`
      : id.startsWith('u')
        ? eq(donations.userId, number)
        : and(isNull(donations.userId), sql`lower(${donors.email}) = ${guestEmailOf(associateId, number)}`),
  )!;
}

/** The e-mail of a guest's donor record of an open gift to the associate (null otherwise). */
export function guestEmailOf(associateId: number, donorId: number): SQL {
  return sql`(select lower(dn.email) from donors dn where dn.id = ${donorId}
     and exists (select 1 from donations x where x.donor_id = dn.id and x.associate_id = ${associateId} and not x.is_anonymous))`;
}

/** The gifts table's filters, shared by the list and its export (console-export-gifts.ts). */
export type GiftFilters = Pick<api.ConsoleGiftsQuery, 'from' | 'to' | 'kind' | 'method' | 'status' | 'campaign_id' | 'supporter' | 'q'>;

/** What the filters ask of an associate's gifts. */
export function giftFilter(associateId: number, query: GiftFilters): SQL {
  const q = query.q;
  return and(
    eq(donations.associateId, associateId),
    query.from ? sql`${donations.createdAt} >= ${japanMidnight(query.from).toISOString()}` : undefined,
    query.to ? sql`${donations.createdAt} < ${japanMidnight(query.to, 1).toISOString()}` : undefined,
    query.kind === 'single' ? isNull(donations.recurringDonationId) : undefined,
    query.kind === 'monthly' || query.kind === 'annual' ? eq(recurringDonations.period, query.kind) : undefined,
    query.method ? eq(donations.paymentMethod, paymentMethodIdOf[query.method]) : undefined,
    query.status ? statusCondition(query.status) : undefined,
    query.campaign_id ? eq(donations.campaignId, query.campaign_id) : undefined,
    query.supporter ? supporterGifts(associateId, query.supporter) : undefined,
    q
      ? or(
          eq(receipts.number, q),
          and(
            eq(donations.isAnonymous, false),
            or(
              ilike(sql`${donors.lastName} || ${donors.firstName}`, containsPattern(q.replace(/[\s\u3000]+/g, ''))),
              ilike(sql`${donors.lastNameKana} || ${donors.firstNameKana}`, containsPattern(q.replace(/[\s\u3000]+/g, ''))),
              ilike(donors.email, containsPattern(q)),
            ),
          ),
        )
      : undefined,
  )!;
}

const ORDER: Record<api.GiftSort, SQL[]> = {
  date_desc: [desc(donations.createdAt), desc(donations.id)],
  date_asc: [asc(donations.createdAt), asc(donations.id)],
  amount_desc: [desc(donations.amount), desc(donations.createdAt), desc(donations.id)],
  amount_asc: [asc(donations.amount), desc(donations.createdAt), desc(donations.id)],
};

export const GIFT_COLUMNS = {
  gift: donations,
  donor: donors,
  period: recurringDonations.period,
  receiptNumber: receipts.number,
  campaign: { id: campaigns.id, title: campaigns.title, titleEn: campaigns.titleEn },
  reward: { id: campaignRewards.id, title: campaignRewards.title, titleEn: campaignRewards.titleEn },
  portfolio: { id: portfolios.id, name: portfolios.name, nameEn: portfolios.nameEn },
};

/**
 * A gift row with what it shows and `extra` columns; the search and the kind filter read donors,
 * receipts and recurring support.
 */
export function giftRowsWith<Extra extends Record<string, SQL.Aliased | SQL>>(db: Database, extra: Extra) {
  return db
    .select({ ...GIFT_COLUMNS, ...extra })
    .from(donations)
    .leftJoin(donors, eq(donors.id, donations.donorId))
    .leftJoin(recurringDonations, eq(recurringDonations.id, donations.recurringDonationId))
    .leftJoin(receipts, and(eq(receipts.donationId, donations.id), eq(receipts.kind, 'gift'), isNull(receipts.supersededAt)))
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(campaignRewards, eq(campaignRewards.id, donations.rewardId))
    .leftJoin(portfolioDonations, eq(portfolioDonations.id, donations.portfolioDonationId))
    .leftJoin(portfolios, eq(portfolios.id, portfolioDonations.portfolioId));
}

interface GiftRow {
  gift: typeof donations.$inferSelect;
  donor: typeof donors.$inferSelect | null;
  period: 'monthly' | 'annual' | 'single' | null;
  receiptNumber: string | null;
  campaign: { id: number; title: string; titleEn: string | null } | null;
  reward: { id: number; title: string; titleEn: string | null } | null;
  portfolio: { id: number; name: string; nameEn: string | null } | null;
}

/** One gift as the console shows it; an anonymous supporter is only "anonymous". */
export function consoleGiftOf(row: GiftRow, lang: Locale): api.ConsoleGift {
  const { gift, donor } = row;
  const localize = localizer(lang);
  const hidden = gift.isAnonymous || !donor;
  return {
    id: gift.id,
    created_at: gift.createdAt.toISOString(),
    paid_at: gift.paidAt?.toISOString() ?? null,
    supporter: {
      anonymous: gift.isAnonymous,
      name: hidden ? null : donorNameOf(donor),
      name_kana: hidden ? null : `${donor.lastNameKana} ${donor.firstNameKana}`.trim() || null,
      email: hidden ? null : donor.email,
      corporate: hidden ? false : donor.isCorporate,
      member: gift.userId !== null,
    },
    amount: gift.amount,
    refunded_amount: gift.refundedAmount,
    fee: gift.commission,
    net: gift.transferAmount ?? gift.amount - gift.commission,
    method: paymentMethodOfId(gift.paymentMethod) ?? 'creditCard',
    kind: row.period === 'monthly' || row.period === 'annual' ? row.period : 'single',
    campaign: row.campaign ? { id: row.campaign.id, title: localize(row.campaign, 'title') } : null,
    reward: row.reward ? { id: row.reward.id, name: localize(row.reward, 'title') } : null,
    portfolio: row.portfolio ? { id: row.portfolio.id, name: localize(row.portfolio, 'name') } : null,
    status: consoleStatusOf(gift.status),
    receipt_number: row.receiptNumber,
  };
}

/** The page of gifts `query` asks for, unrun (its plan is tested on PostgreSQL: console-gifts-plan.test.ts). */
/** The list's rows: its totals ride on them (one pass over the matching gifts, not two). */
const giftRows = (db: Database) =>
  giftRowsWith(db, {
    total: sql<number>`count(*) over ()`.mapWith(Number),
    totalAmount: sql<number>`coalesce(sum(${keptAmount}) over (), 0)`.mapWith(Number),
  });

export function consoleGiftsPage(db: Database, associateId: number, query: api.ConsoleGiftsQuery, window = pageWindow(query)) {
  return giftRows(db)
    .where(giftFilter(associateId, query))
    .orderBy(...ORDER[query.sort])
    .limit(window.limit)
    .offset(window.offset);
}

export async function listConsoleGifts(db: Database, associateId: number, query: api.ConsoleGiftsQuery): Promise<api.ConsoleGifts> {
  const { offset } = pageWindow(query);
  const rows = await consoleGiftsPage(db, associateId, query);
  // Past the last page there is no row to carry the totals: the first row does.
  const carrier = rows[0] ?? (offset > 0 ? (await consoleGiftsPage(db, associateId, query, { limit: 1, offset: 0 }))[0] : undefined);
  const campaignList = await db
    .select({ id: campaigns.id, title: campaigns.title, titleEn: campaigns.titleEn })
    .from(campaigns)
    .where(eq(campaigns.associateId, associateId))
    .orderBy(desc(campaigns.id));
  const localize = localizer(query.lang);
  return {
    ...pageOf(
      query,
      carrier?.total ?? 0,
      rows.map((row) => consoleGiftOf(row, query.lang)),
    ),
    total_amount: carrier?.totalAmount ?? 0,
    campaigns: campaignList.map((campaign) => ({ id: campaign.id, title: localize(campaign, 'title') })),
  };
}

/** One gift of the associate with everything its row shows, or undefined when it is not the associate's. */
export async function consoleGiftRow(db: Database, associateId: number, donationId: number): Promise<GiftRow | undefined> {
  const [row] = await giftRows(db)
    .where(and(eq(donations.associateId, associateId), eq(donations.id, donationId)))
    .limit(1);
  return row;
}
