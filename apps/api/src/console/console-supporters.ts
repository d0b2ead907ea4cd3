// The console's supporters (ADR 060): one row per person who gave the associate openly — a member
// by their account, a guest by their e-mail, the key the donor register uses too (domain
// donorRegisterKey) — with their name as their latest gift gave it, first and last gift, totals
// this year and in all, how many gifts, the method of the latest, and their running recurring
// support. Anonymous gifts are left out entirely: counting them would tell the associate who gave
// them (spec §5). Grouped, filtered, sorted and paged by the database.
import { type api, paymentMethodOfId } from '@kifu/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { containsPattern } from '../lib/like-pattern';
import { guestEmailOf } from './console-gifts';
import { pageOf, pageWindow } from '../lib/paginate';

/** The same person across gifts: see donorRegisterKey in packages/domain/src/donor-register.ts. */
export const supporterKey = (userId: SQL, email: SQL) =>
  sql`case when ${userId} is not null then 'user:' || ${userId} else 'email:' || lower(${email}) end`;

const ORDER: Record<api.SupporterSort, SQL> = {
  last_gift_desc: sql`last_gift_at desc, key`,
  total_desc: sql`total desc, key`,
  this_year_desc: sql`total_this_year desc, key`,
  name_asc: sql`coalesce(nullif(name_kana, ''), name), key`,
};

/** Spaces between names, half- or full-width (U+3000), which a key leaves out. */
const NAME_SPACES = '[[:space:]\u3000]+';

/**
 * An imported gift's giver (ADR 077): by the e-mail, as a guest, when the row had one; else by name,
 * kana and postal code (the domain's externalDonorKey, with a separator PostgreSQL text can hold).
 */
const externalSupporterKey = sql`case when eg.email <> '' then 'email:' || lower(eg.email)
  else 'external:' || regexp_replace(eg.name, ${NAME_SPACES}, '', 'g') || '|' || regexp_replace(eg.kana, ${NAME_SPACES}, '', 'g') || '|' || eg.postal_code end`;

/** The key (above) of a supporter's page id: an account, the e-mail of a guest's donor record (console-gifts.ts guestEmailOf), or an imported gift's giver. */
function supporterKeyOf(associateId: number, id: string): SQL {
  const number = Number(id.slice(1));
  if (id.startsWith('x'))
    return sql`(select ${externalSupporterKey} from external_gifts eg where eg.id = ${number} and eg.associate_id = ${associateId})`;
  return id.startsWith('u') ? sql`${'user:' + number}` : sql`'email:' || ${guestEmailOf(associateId, number)}`;
}

interface SupporterRow {
  key: string;
  id: string;
  name: string;
  name_kana: string;
  email: string;
  corporate: boolean;
  member: boolean;
  newsletter: boolean;
  payment_method: number | null;
  external: boolean;
  first_gift_at: Date | string;
  last_gift_at: Date | string;
  gift_count: number;
  total: number;
  total_this_year: number;
  recurring_period: 'monthly' | 'annual' | null;
  recurring_amount: number | null;
  recurring_since: string | null;
  recurring_next: string | null;
  recurring_status: string | null;
  total_count: number;
}

/** node-postgres answers {rows}, PGlite too; both through drizzle's execute. */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const iso = (value: Date | string) => new Date(value).toISOString();

/** The supporters table's filters, shared by the list and its export (console-export-supporters.ts). */
export type SupporterFilters = Omit<api.ConsoleSupportersQuery, 'lang' | 'page' | 'page_size' | 'sort'>;

/**
 * Every supporter the filters keep, one row each with their running recurring support, from the
 * gifts made up to `until` (the export's moment; now for the list). Callers select from it as `s`.
 */
export function supportersSql(associateId: number, query: SupporterFilters, until?: Date): SQL {
  const thisYear = new Date(
    `${new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date())}-01-01T00:00:00+09:00`,
  );
  const conditions: SQL[] = [sql`true`];
  if (query.recurring) conditions.push(sql`r.amount is not null`);
  if (query.lapsed_months)
    conditions.push(sql`s.last_gift_at < now() - ${query.lapsed_months}::int * interval '1 month' and r.amount is null`);
  if (query.min_this_year) conditions.push(sql`s.total_this_year >= ${query.min_this_year}`);
  if (query.id) conditions.push(sql`s.key = ${supporterKeyOf(associateId, query.id)}`);
  if (query.q) {
    const compact = containsPattern(query.q.replace(/[\s\u3000]+/g, ''));
    conditions.push(
      sql`(replace(s.name, ' ', '') ilike ${compact} or s.name_kana ilike ${compact} or s.email ilike ${containsPattern(query.q)})`,
    );
  }
  return sql`
    with gifts as (
      select d.id, d.donor_id, d.amount - d.refunded_amount as amount, d.paid_at, d.payment_method, d.need_news_letter, d.user_id, dn.email, dn.is_corporate,
             case when dn.is_corporate or dn.first_name = '' then dn.last_name else dn.last_name || ' ' || dn.first_name end as name,
             dn.last_name_kana || dn.first_name_kana as name_kana,
             ${supporterKey(sql`d.user_id`, sql`dn.email`)} as key, false as external
        from donations d join donors dn on dn.id = d.donor_id
       where d.associate_id = ${associateId} and d.status = 'paid' and not d.is_anonymous
         ${until ? sql`and d.created_at <= ${until.toISOString()}` : sql``}
      union all
      -- Gifts received outside Kifu and imported (ADR 077): received at midnight in Japan of their day.
      select eg.id, null::int, eg.amount, eg.received_on::timestamp at time zone 'Asia/Tokyo', null::int, false, null::int, eg.email, false,
             eg.name, regexp_replace(eg.kana, ${NAME_SPACES}, '', 'g'), ${externalSupporterKey}, true
        from external_gifts eg
       where eg.associate_id = ${associateId} ${until ? sql`and eg.created_at <= ${until.toISOString()}` : sql``}
    ), supporters as (
      select key,
             case when min(user_id) is not null then 'u' || min(user_id) when min(donor_id) is not null then 'g' || min(donor_id)
                  else 'x' || min(id) end as id,
             (array_agg(name order by paid_at desc, id desc))[1] as name,
             (array_agg(name_kana order by paid_at desc, id desc))[1] as name_kana,
             (array_agg(email order by paid_at desc, id desc))[1] as email,
             (array_agg(is_corporate order by paid_at desc, id desc))[1] as corporate,
             (array_agg(need_news_letter order by paid_at desc, id desc))[1] as newsletter,
             (array_agg(payment_method order by paid_at desc, id desc) filter (where not external))[1] as payment_method,
             bool_or(external) as external,
             bool_or(user_id is not null) as member,
             min(paid_at) as first_gift_at, max(paid_at) as last_gift_at,
             count(*)::int as gift_count, sum(amount)::int as total,
             coalesce(sum(amount) filter (where paid_at >= ${thisYear.toISOString()}), 0)::int as total_this_year
        from gifts group by key
    )
    select s.*, r.period as recurring_period, r.amount as recurring_amount, r.start_date::text as recurring_since,
           r.next_occurrence_date::text as recurring_next, r.status::text as recurring_status
      from supporters s
      left join lateral (
        select rd.period, rd.amount, rd.start_date, rd.next_occurrence_date, rd.status
          from recurring_donations rd join donors rdn on rdn.id = rd.donor_id
         where rd.associate_id = ${associateId} and rd.status in ('active', 'suspended') and not rd.is_anonymous
           and ${supporterKey(sql`rd.user_id`, sql`rdn.email`)} = s.key
         order by rd.registered_at desc limit 1
      ) r on true
     where ${sql.join(conditions, sql` and `)}`;
}

/** A page of the list, each row carrying the count of all. */
function supportersPageSql(associateId: number, query: api.ConsoleSupportersQuery, window: { limit: number; offset: number }): SQL {
  return sql`select s.*, count(*) over ()::int as total_count from (${supportersSql(associateId, query)}) s
     order by ${ORDER[query.sort]} limit ${window.limit} offset ${window.offset}`;
}

export async function listConsoleSupporters(
  db: Database,
  associateId: number,
  query: api.ConsoleSupportersQuery,
): Promise<api.ConsoleSupporters> {
  const window = pageWindow(query);
  const rows = rowsOf<SupporterRow>(await db.execute(supportersPageSql(associateId, query, window)));
  // Past the last page there is no row to carry the count: the first page's first row does.
  const carrier =
    rows[0] ??
    (window.offset > 0
      ? rowsOf<SupporterRow>(await db.execute(supportersPageSql(associateId, query, { limit: 1, offset: 0 })))[0]
      : undefined);
  const count = carrier?.total_count ?? 0;
  return pageOf(
    query,
    Number(count),
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      name_kana: row.name_kana || null,
      email: row.email,
      corporate: row.corporate,
      member: row.member,
      newsletter: row.newsletter,
      first_gift_at: iso(row.first_gift_at),
      last_gift_at: iso(row.last_gift_at),
      gift_count: Number(row.gift_count),
      total: Number(row.total),
      total_this_year: Number(row.total_this_year),
      method: row.payment_method === null ? null : (paymentMethodOfId(Number(row.payment_method)) ?? 'creditCard'),
      ...(row.external ? { external: true as const } : {}),
      recurring:
        row.recurring_period && row.recurring_amount !== null && row.recurring_since
          ? {
              period: row.recurring_period,
              amount: Number(row.recurring_amount),
              since: row.recurring_since,
              next_charge_on: row.recurring_next,
              failing: row.recurring_status === 'suspended',
            }
          : null,
    })),
  );
}
