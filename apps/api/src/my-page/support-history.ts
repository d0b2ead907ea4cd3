// The support history (ADR 033, /mypage/support-history): every gift of a supporter, newest first,
// a portfolio gift as one entry with its split per organisation. Each entry says whether each part
// can have a receipt, the bank account while a transfer is awaited, and the reports published
// since for what it supported ("what your gift did").
import { api, receiptAvailability, receiptYearOf, type Locale, paymentMethodOfId } from '@kifu/domain';
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  associateActivityReports,
  associates,
  campaignReports,
  campaigns,
  donations,
  portfolioDonations,
  portfolios,
  receipts,
  recurringDonations,
  virtualAccounts,
} from '../db/schema/index';
import { localizer } from '../lib/localize';
import { pageWindow, type PageQuery } from '../lib/paginate';
import { virtualAccountView } from '../payments/bank-transfer/virtual-account-view';
import { japanYearOf } from './gift-year';

/** Enough to see what a gift did without turning the history into a news feed. */
const REPORTS_PER_GIFT = 3;

type MediaUrl = (path: string) => string;

interface GiftHead {
  kind: 'donation' | 'portfolio';
  id: number;
}

const donationYear = japanYearOf(donations.paidAt, donations.createdAt);
const portfolioYear = japanYearOf(portfolioDonations.paidAt, portfolioDonations.createdAt);

/** The supporter's own gifts outside portfolios, and their portfolio gifts. */
function ownGifts(userId: number, year: number | undefined): { single: SQL; portfolio: SQL } {
  const inYear = (column: SQL<number>) => (year === undefined ? undefined : sql`${column} = ${year}`);
  return {
    single: and(eq(donations.userId, userId), isNull(donations.portfolioDonationId), inYear(donationYear))!,
    portfolio: and(eq(portfolioDonations.userId, userId), inYear(portfolioYear))!,
  };
}

async function giftHeads(
  db: Database,
  userId: number,
  year: number | undefined,
  page: PageQuery,
): Promise<{ heads: GiftHead[]; count: number }> {
  const where = ownGifts(userId, year);
  const { limit, offset } = pageWindow(page);
  const union = sql`
    select 'donation' as kind, ${donations.id} as id, coalesce(${donations.paidAt}, ${donations.createdAt}) as at
      from ${donations} where ${where.single}
    union all
    select 'portfolio' as kind, ${portfolioDonations.id} as id, coalesce(${portfolioDonations.paidAt}, ${portfolioDonations.createdAt}) as at
      from ${portfolioDonations} where ${where.portfolio}`;
  const list = rowsOf<{ kind: 'donation' | 'portfolio'; id: number; total: number }>(
    await db.execute(
      sql`select kind, id, count(*) over ()::int as total from (${union}) gifts order by at desc, id desc limit ${limit} offset ${offset}`,
    ),
  );
  if (list.length > 0) return { heads: list.map(({ kind, id }) => ({ kind, id: Number(id) })), count: Number(list[0]!.total) };
  // Past the last page: the window function has no row to ride on.
  const [counted] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from (${union}) gifts`));
  return { heads: [], count: Number(counted?.total ?? 0) };
}

/** node-postgres answers {rows}, PGlite too; both through drizzle's execute. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export async function giftYears(db: Database, userId: number): Promise<number[]> {
  const where = ownGifts(userId, undefined);
  const rows = rowsOf<{ year: number }>(
    await db.execute(sql`
      select distinct year from (
        select ${donationYear} as year from ${donations} where ${where.single}
        union select ${portfolioYear} as year from ${portfolioDonations} where ${where.portfolio}
      ) years order by year desc`),
  );
  return rows.map((row) => Number(row.year));
}

function statusOf(status: string): api.GiftStatus {
  return status === 'pending' || status === 'authorizing' ? 'processing' : (status as api.GiftStatus);
}

/** Every part (donation) of the given heads, with what the history shows of each. */
async function partsOf(db: Database, heads: GiftHead[]) {
  const donationIds = heads.filter((head) => head.kind === 'donation').map((head) => head.id);
  const portfolioIds = heads.filter((head) => head.kind === 'portfolio').map((head) => head.id);
  const conditions = [
    donationIds.length ? inArray(donations.id, donationIds) : undefined,
    portfolioIds.length ? inArray(donations.portfolioDonationId, portfolioIds) : undefined,
  ].filter(Boolean) as SQL[];
  if (conditions.length === 0) return [];
  return db
    .select({
      id: donations.id,
      portfolioDonationId: donations.portfolioDonationId,
      associateId: donations.associateId,
      associateUid: associates.uid,
      associateName: associates.name,
      associateNameEn: associates.nameEn,
      associateLogo: associates.logoPath,
      campaignId: donations.campaignId,
      campaignTitle: campaigns.title,
      campaignTitleEn: campaigns.titleEn,
      amount: donations.amount,
      refundedAmount: donations.refundedAmount,
      paymentMethod: donations.paymentMethod,
      status: donations.status,
      paidAt: donations.paidAt,
      createdAt: donations.createdAt,
      needReceipt: donations.needReceipt,
      isAnonymous: donations.isAnonymous,
      period: recurringDonations.period,
      recurringDonationId: donations.recurringDonationId,
      receiptNumber: receipts.number,
    })
    .from(donations)
    .innerJoin(associates, eq(associates.id, donations.associateId))
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(recurringDonations, eq(recurringDonations.id, donations.recurringDonationId))
    .leftJoin(receipts, and(eq(receipts.donationId, donations.id), eq(receipts.kind, 'gift'), isNull(receipts.supersededAt)))
    .where(or(...conditions))
    .orderBy(donations.id);
}

type Part = Awaited<ReturnType<typeof partsOf>>[number];

async function portfoliosOf(db: Database, ids: number[]) {
  if (ids.length === 0) return new Map<number, { portfolioId: number; name: string; nameEn: string | null; amount: number }>();
  const rows = await db
    .select({
      id: portfolioDonations.id,
      portfolioId: portfolios.id,
      name: portfolios.name,
      nameEn: portfolios.nameEn,
      amount: portfolioDonations.amount,
    })
    .from(portfolioDonations)
    .innerJoin(portfolios, eq(portfolios.id, portfolioDonations.portfolioId))
    .where(inArray(portfolioDonations.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

async function accountsOf(db: Database, donationIds: number[]) {
  if (donationIds.length === 0) return new Map<number, typeof virtualAccounts.$inferSelect>();
  const rows = await db.select().from(virtualAccounts).where(inArray(virtualAccounts.donationId, donationIds));
  return new Map(rows.map((row) => [row.donationId, row]));
}

/** Reports published after the earliest paid gift, for the campaigns and associates given to. */
async function reportsFor(db: Database, parts: Part[], lang: Locale) {
  const paid = parts.filter((part) => part.paidAt);
  if (paid.length === 0) return { campaign: [], activity: [] };
  const since = new Date(Math.min(...paid.map((part) => part.paidAt!.getTime())));
  const now = new Date();
  const localize = localizer(lang);
  const campaignIds = [...new Set(paid.map((part) => part.campaignId).filter((id): id is number => id !== null))];
  const associateIds = [...new Set(paid.filter((part) => part.campaignId === null).map((part) => part.associateId))];
  const campaign = campaignIds.length
    ? await db
        .select({
          id: campaignReports.id,
          campaignId: campaignReports.campaignId,
          title: campaignReports.title,
          titleEn: campaignReports.titleEn,
          publishedAt: campaignReports.publishedAt,
          associateUid: associates.uid,
        })
        .from(campaignReports)
        .innerJoin(campaigns, eq(campaigns.id, campaignReports.campaignId))
        .innerJoin(associates, eq(associates.id, campaigns.associateId))
        .where(
          and(
            inArray(campaignReports.campaignId, campaignIds),
            isNotNull(campaignReports.publishedAt),
            gt(campaignReports.publishedAt, since),
            lte(campaignReports.publishedAt, now),
          ),
        )
    : [];
  const activity = associateIds.length
    ? await db
        .select({
          id: associateActivityReports.id,
          associateId: associateActivityReports.associateId,
          title: associateActivityReports.title,
          titleEn: associateActivityReports.titleEn,
          publishedAt: associateActivityReports.publishedAt,
          associateUid: associates.uid,
        })
        .from(associateActivityReports)
        .innerJoin(associates, eq(associates.id, associateActivityReports.associateId))
        .where(
          and(
            inArray(associateActivityReports.associateId, associateIds),
            isNotNull(associateActivityReports.publishedAt),
            gt(associateActivityReports.publishedAt, since),
            lte(associateActivityReports.publishedAt, now),
          ),
        )
    : [];
  return {
    campaign: campaign.map((report) => ({ ...report, title: localize(report, 'title') })),
    activity: activity.map((report) => ({ ...report, title: localize(report, 'title') })),
  };
}

function reportsOfGift(parts: Part[], reports: Awaited<ReturnType<typeof reportsFor>>): api.GiftReport[] {
  const paidAt = parts[0]?.paidAt;
  if (!paidAt) return [];
  const campaignIds = new Set(parts.map((part) => part.campaignId).filter((id) => id !== null));
  const associateIds = new Set(parts.filter((part) => part.campaignId === null).map((part) => part.associateId));
  const found: api.GiftReport[] = [
    ...reports.campaign
      .filter((report) => campaignIds.has(report.campaignId) && report.publishedAt! > paidAt)
      .map((report) => ({
        kind: 'campaign' as const,
        id: report.id,
        title: report.title,
        published_at: report.publishedAt!.toISOString(),
        campaign_id: report.campaignId,
        associate_uid: report.associateUid,
      })),
    ...reports.activity
      .filter((report) => associateIds.has(report.associateId) && report.publishedAt! > paidAt)
      .map((report) => ({
        kind: 'activity' as const,
        id: report.id,
        title: report.title,
        published_at: report.publishedAt!.toISOString(),
        campaign_id: null,
        associate_uid: report.associateUid,
      })),
  ];
  return found.sort((a, b) => b.published_at.localeCompare(a.published_at)).slice(0, REPORTS_PER_GIFT);
}

/** The history entries of the given heads, in their order. */
export async function historyGifts(db: Database, heads: GiftHead[], lang: Locale, mediaUrl: MediaUrl): Promise<api.HistoryGift[]> {
  const parts = await partsOf(db, heads);
  const portfolioRows = await portfoliosOf(
    db,
    heads.filter((head) => head.kind === 'portfolio').map((head) => head.id),
  );
  const accounts = await accountsOf(
    db,
    parts.filter((part) => part.status === 'awaiting_transfer').map((part) => part.id),
  );
  const reports = await reportsFor(db, parts, lang);
  const localize = localizer(lang);
  return heads.flatMap((head) => {
    const own = parts.filter((part) =>
      head.kind === 'donation' ? part.id === head.id && part.portfolioDonationId === null : part.portfolioDonationId === head.id,
    );
    const lead = own[0];
    if (!lead) return [];
    const portfolio = head.kind === 'portfolio' ? portfolioRows.get(head.id) : undefined;
    const account = own.map((part) => accounts.get(part.id)).find(Boolean);
    const at = lead.paidAt ?? lead.createdAt;
    return [
      {
        id: lead.id,
        kind: portfolio ? 'portfolio' : lead.campaignId ? 'campaign' : 'associate',
        amount: portfolio?.amount ?? lead.amount,
        refunded_amount: own.reduce((sum, part) => sum + part.refundedAmount, 0),
        payment_method: paymentMethodOfId(lead.paymentMethod) ?? 'creditCard',
        frequency: lead.period ?? 'single',
        recurring_donation_id: lead.recurringDonationId,
        status: statusOf(lead.status),
        created_at: lead.createdAt.toISOString(),
        paid_at: lead.paidAt?.toISOString() ?? null,
        year: receiptYearOf(at),
        campaign: lead.campaignId
          ? { id: lead.campaignId, title: localize({ title: lead.campaignTitle!, titleEn: lead.campaignTitleEn }, 'title') }
          : null,
        portfolio: portfolio ? { id: portfolio.portfolioId, name: localize(portfolio, 'name') } : null,
        parts: own.map((part) => ({
          donation_id: part.id,
          associate: {
            uid: part.associateUid,
            name: localize({ name: part.associateName, nameEn: part.associateNameEn }, 'name'),
            logo: mediaUrl(part.associateLogo),
          },
          amount: part.amount,
          receipt: receiptAvailability(part),
          receipt_number: part.receiptNumber,
        })),
        virtual_account: account && lead.status === 'awaiting_transfer' ? virtualAccountView(account, lang) : null,
        reports: reportsOfGift(own, reports),
      },
    ];
  });
}

export async function supportHistory(
  db: Database,
  userId: number,
  query: { year?: number; page: number; page_size: number; lang: Locale },
  mediaUrl: MediaUrl,
): Promise<api.SupportHistory> {
  const { heads, count } = await giftHeads(db, userId, query.year, query);
  const [results, years] = await Promise.all([historyGifts(db, heads, query.lang, mediaUrl), giftYears(db, userId)]);
  return { count, page: query.page, page_size: query.page_size, years, results };
}

/** The newest gifts, for /user/my_page/. */
export async function latestGifts(db: Database, userId: number, count: number, lang: Locale, mediaUrl: MediaUrl) {
  const { heads } = await giftHeads(db, userId, undefined, { page: 1, page_size: count });
  return historyGifts(db, heads, lang, mediaUrl);
}
