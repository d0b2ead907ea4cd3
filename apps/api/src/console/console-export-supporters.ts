// The supporters table as an export reads it (ADR 065): one row per person who gave openly, keyed
// and grouped as the console's list (console-supporters.ts, ADR 060) — anonymous gifts left out
// entirely (spec §5) — read a page at a time after the last row's sort key, from the gifts made
// before the export was asked for.
import { api, paymentMethodOfId, type Locale } from '@kifu/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { containsPattern } from '../lib/like-pattern';
import { guestEmailOf } from './console-gifts';
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
  payment_method: number;
  first_gift_at: string;
  last_gift_at: string;
  gift_count: number;
  total: number;
  total_this_year: number;
  recurring_period: 'monthly' | 'annual' | null;
  recurring_amount: number | null;
  recurring_next: string | null;
}

function supportersSql(associateId: number, filters: api.ConsoleSupportersExportFilters, until: Date, tail: SQL): SQL {
  const key = KEYS[filters.sort];
  const thisYear = `${new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date())}-01-01T00:00:00+09:00`;
  const personKey = (userId: SQL, email: SQL) =>
    sql`case when ${userId} is not null then 'user:' || ${userId} else 'email:' || lower(${email}) end`;
  const conditions: SQL[] = [sql`true`];
  if (filters.recurring) conditions.push(sql`r.amount is not null`);
  if (filters.lapsed_months)
    conditions.push(sql`s.last_gift_at < now() - ${filters.lapsed_months}::int * interval '1 month' and r.amount is null`);
  if (filters.min_this_year) conditions.push(sql`s.total_this_year >= ${filters.min_this_year}`);
  if (filters.id) {
    const number = Number(filters.id.slice(1));
    conditions.push(
      filters.id.startsWith('u') ? sql`s.key = ${'user:' + number}` : sql`s.key = 'email:' || ${guestEmailOf(associateId, number)}`,
    );
  }
  if (filters.q) {
    const compact = containsPattern(filters.q.replace(/[\s\u3000]+/g, ''));
    conditions.push(
      sql`(replace(s.name, ' ', '') ilike ${compact} or s.name_kana ilike ${compact} or s.email ilike ${containsPattern(filters.q)})`,
    );
  }
  const latest = (column: string) => sql.raw(`(array_agg(${column} order by paid_at desc, id desc))[1]`);
  return sql`
    with gifts as (
      select d.id, d.donor_id, d.amount - d.refunded_amount as amount, d.paid_at, d.payment_method, d.need_news_letter, d.user_id,
             dn.email, dn.is_corporate, dn.last_name_kana || dn.first_name_kana as name_kana,
             case when dn.is_corporate or dn.first_name = '' then dn.last_name else dn.last_name || ' ' || dn.first_name end as name,
             ${personKey(sql`d.user_id`, sql`dn.email`)} as key
        from donations d join donors dn on dn.id = d.donor_id
       where d.associate_id = ${associateId} and d.status = 'paid' and not d.is_anonymous and d.created_at <= ${until.toISOString()}
    ), s as (
      select key, case when min(user_id) is not null then 'u' || min(user_id) else 'g' || min(donor_id) end as id,
             ${latest('name')} as name, ${latest('name_kana')} as name_kana, ${latest('email')} as email,
             ${latest('is_corporate')} as corporate, ${latest('need_news_letter')} as newsletter,
             ${latest('payment_method')} as payment_method, bool_or(user_id is not null) as member,
             min(paid_at) as first_gift_at, max(paid_at) as last_gift_at, count(*)::int as gift_count, sum(amount)::int as total,
             coalesce(sum(amount) filter (where paid_at >= ${thisYear}), 0)::int as total_this_year
        from gifts group by key
    )
    select ${key[0]!.expr}::text as sort_value, s.*, s.first_gift_at::text as first_gift_at, s.last_gift_at::text as last_gift_at,
           r.period as recurring_period, r.amount as recurring_amount, r.next_occurrence_date::text as recurring_next
      from s
      left join lateral (
        select rd.period, rd.amount, rd.next_occurrence_date
          from recurring_donations rd join donors rdn on rdn.id = rd.donor_id
         where rd.associate_id = ${associateId} and rd.status in ('active', 'suspended') and not rd.is_anonymous
           and ${personKey(sql`rd.user_id`, sql`rdn.email`)} = s.key
         order by rd.registered_at desc limit 1
      ) r on true
     where ${sql.join(conditions, sql` and `)} ${tail}`;
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
      const query = supportersSql(input.associateId, filters, input.until, sql``);
      const [row] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from (${query}) c`));
      return Number(row?.count ?? 0);
    },
    async page(cursor, limit) {
      const condition = after(key, cursor);
      const tail = sql`${condition ? sql`and ${condition}` : sql``} order by ${orderOf(key)} limit ${limit}`;
      const rows = rowsOf<Row>(await db.execute(supportersSql(input.associateId, filters, input.until, tail)));
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
          labels.method[paymentMethodOfId(Number(row.payment_method)) ?? 'creditCard'][lang],
          row.recurring_period ? labels.kind[row.recurring_period][lang] : null,
          row.recurring_amount === null ? null : Number(row.recurring_amount),
          row.recurring_next,
        ]),
        cursor: last ? [last.sort_value, last.key] : cursor ? [...cursor] : null,
      };
    },
  };
}
