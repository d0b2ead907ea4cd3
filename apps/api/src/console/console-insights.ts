// The console overview's charts (ADR 076): every series in one answer, each computed by the
// database — grouped by day, week or month in Japan (date_trunc at Asia/Tokyo) — so an associate
// with a hundred thousand gifts is answered from a few grouped scans, not from rows in memory.
// What counts is written once in ADR 076: a paid gift for what it kept after refunds
// (read-models/kept-amount.ts); a supporter by account or a guest's e-mail, as the supporters
// list keys them (console-supporters.ts), and only from open gifts: anonymous gifts count in the
// amounts and as anonymous gifts, never towards a supporter (spec §5).
import { api, japanIsoDate, paymentMethodOfId } from '@kifu/domain';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaigns } from '../db/schema/index';
import { localizer } from '../lib/localize';
import { donationTotals } from '../read-models/donation-totals';
import { rowsOf } from './console-export-gifts';
import { supporterKey } from './console-supporters';

/** The most campaigns the progress chart draws, newest first. */
const CAMPAIGN_LIMIT = 50;

const JAPAN = sql.raw(`'Asia/Tokyo'`);
const day = (iso: string, plusDays: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + plusDays * 86_400_000).toISOString().slice(0, 10);
const monthStart = (iso: string, plusMonths = 0) => {
  const date = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + plusMonths);
  return date.toISOString().slice(0, 10);
};
/** The instant a Japan date begins. */
const japanStart = (iso: string) => new Date(`${iso}T00:00:00+09:00`).toISOString();

/** Left out, the range is the chart's natural window up to today: a month of days, a year of weeks or months. */
export function insightRange(query: api.ConsoleInsightsQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? japanIsoDate(now);
  if (query.from) return { from: query.from, to };
  if (query.period === 'day') return { from: day(to, -30), to };
  if (query.period === 'week') {
    const weekday = (new Date(`${to}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0, as date_trunc('week')
    return { from: day(to, -weekday - 51 * 7), to };
  }
  return { from: monthStart(to, -11), to };
}

interface Range {
  associateId: number;
  period: api.InsightPeriod;
  from: string;
  to: string;
}

/** A timestamp's Japan bucket of `period`, as a date. */
const bucketOf = (period: api.InsightPeriod, column: SQL) => sql`date_trunc(${period}, ${column} at time zone ${JAPAN})::date`;

/** The associate's paid gifts in the range, with what they kept, their kind and bucket, and the key of an open gift's supporter. */
function paidGifts({ associateId, period, from, to }: Range): SQL {
  return sql`
    select d.amount - d.refunded_amount as kept, d.payment_method, coalesce(rd.period::text, 'single') as kind,
           ${bucketOf(period, sql`d.paid_at`)} as bucket,
           case when d.is_anonymous then null else ${supporterKey(sql`d.user_id`, sql`dn.email`)} end as key
      from donations d
      left join donors dn on dn.id = d.donor_id
      left join recurring_donations rd on rd.id = d.recurring_donation_id
     where d.associate_id = ${associateId} and d.status = 'paid'
       and d.paid_at >= ${japanStart(from)} and d.paid_at < ${japanStart(day(to, 1))}`;
}

interface BucketRow {
  start: string;
  count: number;
  amount: number;
  new: number;
  returning: number;
  anonymous_gifts: number;
}

/** Gifts, amount and supporters per bucket, empty buckets included. */
async function perBucket(db: Database, range: Range): Promise<BucketRow[]> {
  const { associateId, period, from, to } = range;
  const rows = rowsOf<BucketRow>(
    await db.execute(sql`
      with g as (${paidGifts(range)}),
      buckets as (
        select b::date as bucket from generate_series(date_trunc(${period}, ${from}::date), date_trunc(${period}, ${to}::date), ${`1 ${period}`}::interval) b
      ),
      totals as (
        select bucket, count(*)::int as count, sum(kept)::float8 as amount, count(*) filter (where key is null)::int as anonymous_gifts
          from g group by bucket
      ),
      -- The bucket of each supporter's first open gift ever, for the supporters who gave in the range.
      firsts as (
        select ${supporterKey(sql`d.user_id`, sql`dn.email`)} as key, min(${bucketOf(period, sql`d.paid_at`)}) as first_bucket
          from donations d join donors dn on dn.id = d.donor_id
         where d.associate_id = ${associateId} and d.status = 'paid' and not d.is_anonymous
           and ${supporterKey(sql`d.user_id`, sql`dn.email`)} in (select key from g where key is not null)
         group by 1
      ),
      supporters as (
        select s.bucket, count(*) filter (where f.first_bucket = s.bucket)::int as new,
               count(*) filter (where f.first_bucket < s.bucket)::int as returning
          from (select distinct bucket, key from g where key is not null) s join firsts f on f.key = s.key
         group by s.bucket
      )
      select to_char(b.bucket, 'YYYY-MM-DD') as start, coalesce(t.count, 0) as count, coalesce(t.amount, 0) as amount,
             coalesce(s.new, 0) as new, coalesce(s.returning, 0) as returning, coalesce(t.anonymous_gifts, 0) as anonymous_gifts
        from buckets b left join totals t on t.bucket = b.bucket left join supporters s on s.bucket = b.bucket
       order by b.bucket`),
  );
  return rows.map((row) => ({
    start: row.start,
    count: Number(row.count),
    amount: Number(row.amount),
    new: Number(row.new),
    returning: Number(row.returning),
    anonymous_gifts: Number(row.anonymous_gifts),
  }));
}

/** Gifts and amount by payment method and by kind over the range, in one grouped pass. */
async function bySplit(db: Database, range: Range) {
  const rows = rowsOf<{ method: number | null; kind: string | null; count: number; amount: number }>(
    await db.execute(sql`
      with g as (${paidGifts(range)})
      select payment_method as method, kind, count(*)::int as count, sum(kept)::float8 as amount
        from g group by grouping sets ((payment_method), (kind))`),
  );
  const methods = rows.filter((row) => row.method !== null);
  const kinds = rows.filter((row) => row.kind !== null);
  return {
    by_method: (['creditCard', 'walletPay', 'bankTransfer'] as const).map((method) => {
      const row = methods.find((r) => paymentMethodOfId(Number(r.method)) === method);
      return { method, count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
    }),
    by_kind: (['single', 'monthly', 'annual'] as const).map((kind) => {
      const row = kinds.find((r) => r.kind === kind);
      return { kind, count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
    }),
  };
}

/** The months MRR and cohorts cover: the range's, and at least the twelve up to the month of `to`. */
function monthsOf(range: Range): { first: string; last: string } {
  const last = monthStart(range.to);
  const first = monthStart(range.from);
  const twelve = monthStart(range.to, -11);
  return { first: first < twelve ? first : twelve, last };
}

/**
 * Monthly recurring revenue at each month's end (today for this month): the support running then —
 * charged at least once before, neither stopped nor suspended yet — at the amount it had then (a
 * later amount change says what it was before), monthly in full and annual as a twelfth.
 */
async function mrr(db: Database, range: Range, now: Date) {
  const { first, last } = monthsOf(range);
  const rows = rowsOf<{ month: string; amount: number; monthly: number; annual: number }>(
    await db.execute(sql`
      with months as (
        select m::date as month, least((m + interval '1 month')::timestamp at time zone ${JAPAN}, ${now.toISOString()}::timestamptz) as at
          from generate_series(${first}::date, ${last}::date, interval '1 month') m
      )
      select to_char(m.month, 'YYYY-MM') as month,
             coalesce(round(sum(case when r.period = 'annual' then r.amount / 12.0 else r.amount end)), 0)::float8 as amount,
             count(*) filter (where r.period = 'monthly')::int as monthly, count(*) filter (where r.period = 'annual')::int as annual
        from months m
        left join lateral (
          select rd.period,
                 coalesce((select c.from_amount from recurring_donation_changes c
                            where c.recurring_donation_id = rd.id and c.kind = 'amount' and c.created_at > m.at and c.from_amount is not null
                            order by c.created_at limit 1), rd.amount) as amount
            from recurring_donations rd
           where rd.associate_id = ${range.associateId} and rd.status <> 'pending'
             and (rd.stopped_at is null or rd.stopped_at > m.at)
             and (rd.suspended_at is null or rd.suspended_at > m.at or rd.status = 'active')
             and exists (select 1 from donations x where x.recurring_donation_id = rd.id and x.status in ('paid', 'refunded') and x.paid_at < m.at)
        ) r on true
       group by m.month order by m.month`),
  );
  return rows.map((row) => ({ month: row.month, amount: Number(row.amount), monthly: Number(row.monthly), annual: Number(row.annual) }));
}

/**
 * Open monthly supporters by the month of their first paid monthly charge, and how many of them
 * had a paid monthly charge COHORT_OFFSETS months later; null while that month is not over.
 */
async function cohorts(db: Database, range: Range, now: Date) {
  const { first, last } = monthsOf(range);
  const thisMonth = monthStart(japanIsoDate(now));
  const offsets = sql.join(
    api.COHORT_OFFSETS.map(
      (k) => sql`count(distinct f.key) filter (where c.month = (f.first_month + ${`${k} month`}::interval)::date)::int`,
    ),
    sql`, `,
  );
  const rows = rowsOf<{ month: string; size: number; still: number[] }>(
    await db.execute(sql`
      with charges as (
        select distinct ${supporterKey(sql`d.user_id`, sql`dn.email`)} as key, date_trunc('month', d.paid_at at time zone ${JAPAN})::date as month
          from donations d
          join recurring_donations rd on rd.id = d.recurring_donation_id and rd.period = 'monthly'
          join donors dn on dn.id = d.donor_id
         where d.associate_id = ${range.associateId} and d.status = 'paid' and not d.is_anonymous
      ),
      firsts as (select key, min(month) as first_month from charges group by key)
      select to_char(f.first_month, 'YYYY-MM') as month, count(distinct f.key)::int as size, array[${offsets}] as still
        from firsts f left join charges c on c.key = f.key
       where f.first_month between ${first}::date and ${last}::date
       group by f.first_month order by f.first_month`),
  );
  return rows.map((row) => ({
    month: row.month,
    size: Number(row.size),
    still: api.COHORT_OFFSETS.map((k, i) => (monthStart(`${row.month}-01`, k) < thisMonth ? Number(row.still[i]) : null)),
  }));
}

/** Each published or closed campaign of the associate: kept amount raised (donation-totals.ts) against its goal. */
async function campaignProgress(db: Database, associateId: number, lang: api.ConsoleInsightsQuery['lang']) {
  const list = await db
    .select({ id: campaigns.id, title: campaigns.title, titleEn: campaigns.titleEn, status: campaigns.status, goal: campaigns.goalAmount })
    .from(campaigns)
    .where(and(eq(campaigns.associateId, associateId), inArray(campaigns.status, ['published', 'closed'])))
    .orderBy(desc(campaigns.startAt), desc(campaigns.id))
    .limit(CAMPAIGN_LIMIT);
  const totals = await donationTotals(
    db,
    'campaignId',
    list.map((campaign) => campaign.id),
  );
  const localize = localizer(lang);
  return list.map((campaign) => ({
    id: campaign.id,
    title: localize(campaign, 'title'),
    status: campaign.status as 'published' | 'closed',
    raised: totals(campaign.id).raised,
    goal: campaign.goal,
  }));
}

export async function consoleInsights(
  db: Database,
  associateId: number,
  query: api.ConsoleInsightsQuery,
  now = new Date(),
): Promise<api.ConsoleInsights> {
  const range: Range = { associateId, period: query.period, ...insightRange(query, now) };
  // One after another: PGlite answers one statement at a time anyway, and a pool stays free for others.
  const buckets = await perBucket(db, range);
  const split = await bySplit(db, range);
  return {
    period: range.period,
    from: range.from,
    to: range.to,
    gifts: buckets.map(({ start, count, amount }) => ({ start, count, amount })),
    ...split,
    supporters: buckets.map(({ start, new: first, returning, anonymous_gifts }) => ({ start, new: first, returning, anonymous_gifts })),
    mrr: await mrr(db, range, now),
    cohorts: await cohorts(db, range, now),
    campaigns: await campaignProgress(db, associateId, query.lang),
  };
}
