// The console's gifts table stays fast with many gifts (ADR 060): on PostgreSQL, with 10,000 gifts to
// one associate among 60,000 to others, PostgreSQL's plan for a page reads only that associate's
// gifts through its index — never the whole donations table — for the default order, a filter and
// a later page. The plan, not a timing, is what is asserted (timings belong to bench/).
import { PaymentMethodId, type api } from '@kifu/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { consoleGiftsPage } from '../src/console/console-gifts';
import { postgresDatabase } from './helpers/build-test-app';
import { describeWithPostgres, postgresReachable, POSTGRES_SERVER } from './helpers/postgres-server';

const OWN = 10_000;
const OTHERS = 60_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describeWithPostgres(await postgresReachable(), "the console's gifts table on many gifts", () => {
  let database: Awaited<ReturnType<typeof postgresDatabase>>;
  let associateId: number;
  /** The associate's gifts: the test's 10,000 and the demo data's. */
  let ownCount: number;

  beforeAll(async () => {
    database = await postgresDatabase(POSTGRES_SERVER, 'kifu_console_plan');
    const db = database.handle.db;
    const rows = (await db.execute(sql`select id from associates order by id limit 2`)) as unknown as { rows: { id: number }[] };
    const [own, other] = rows.rows.map((row) => row.id);
    associateId = own!;
    // Donors for the associate's own gifts; the others' gifts need none for this plan.
    await db.execute(sql`
      insert into donors (email, last_name, first_name, last_name_kana, first_name_kana)
      select 'plan' || n || '@example.com', '寄付' || n, '太郎', 'キフ', 'タロウ' from generate_series(1, ${OWN}) n`);
    await db.execute(sql`
      insert into donations (associate_id, amount, payment_method, status, type, donor_id, paid_at, created_at)
      select ${own}, 1000 + (n % 50) * 100, ${PaymentMethodId.CREDIT_CARD}, 'paid', 1, d.id, now() - n * interval '1 hour', now() - n * interval '1 hour'
        from generate_series(1, ${OWN}) n join donors d on d.email = 'plan' || n || '@example.com'`);
    await db.execute(sql`
      insert into donations (associate_id, amount, payment_method, status, type, created_at)
      select ${other}, 3000, ${PaymentMethodId.BANK_TRANSFER}, 'paid', 1, now() - n * interval '1 minute' from generate_series(1, ${OTHERS}) n`);
    await db.execute(sql`analyze`);
    const counted = (await db.execute(sql`select count(*)::int as n from donations where associate_id = ${own}`)) as unknown as {
      rows: { n: number }[];
    };
    ownCount = counted.rows[0]!.n;
  }, 300_000);
  afterAll(async () => {
    await database?.handle.close();
    await database?.drop();
  }, 120_000);

  async function plan(query: Partial<api.ConsoleGiftsQuery>): Promise<{ nodes: PlanNode[]; rows: number }> {
    const full: api.ConsoleGiftsQuery = { lang: 'ja', page: 1, page_size: 50, sort: 'date_desc', ...query };
    const built = consoleGiftsPage(database.handle.db, associateId, full).toSQL();
    const explained = (await database.handle.db.execute(
      sql.raw(`explain (analyze, format json) ${inline(built.sql, built.params)}`),
    )) as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] };
    const root = explained.rows[0]!['QUERY PLAN'][0].Plan;
    return { nodes: nodesOf(root), rows: (await consoleGiftsPage(database.handle.db, associateId, full)).length };
  }

  /** The statement with its parameters written in (EXPLAIN takes no bind parameters here). */
  function inline(text: string, params: unknown[]): string {
    return text.replace(/\$(\d+)/g, (_match, index: string) => {
      const value = params[Number(index) - 1];
      return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    });
  }

  function donationsScans(nodes: PlanNode[]) {
    return nodes.filter((node) => node['Relation Name'] === 'donations');
  }

  it.each([
    ['the first page, newest first', {}],
    ['a later page', { page: 40 }],
    ['by amount', { sort: 'amount_desc' as const }],
    ['card gifts of one month', { method: 'creditCard' as const, from: '2026-01-01', to: '2026-01-31' }],
    ['a search by name', { q: '寄付77' }],
  ])('reads only the associate’s gifts, through an index: %s', async (_name, query) => {
    const { nodes, rows } = await plan(query);
    expect(rows).toBeGreaterThanOrEqual(0);
    const scans = donationsScans(nodes);
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan['Node Type'], JSON.stringify(scan)).not.toBe('Seq Scan');
      // Never more rows from donations than the associate has: the other 60,000 stay unread.
      expect((scan['Actual Rows'] ?? 0) * (scan['Actual Loops'] ?? 1)).toBeLessThanOrEqual(ownCount);
    }
  });
});
