// Closing months into statements (ADR 075, the money model of ADR 073). Each associate's months
// whose close time has passed are written once, oldest first, each in its own transaction under a
// lock on the associate: the statement's lines are the gifts paid and the refunds completed before
// the month ended that are on no statement yet (what was recorded after an earlier month closed
// therefore lands on this one), and the payouts the bank refused since, carried as money still owed.
// The lines are inserted from the database's rows in one statement each, so 100,000 gifts never
// travel through the process, and the totals are worked out by the domain from what was inserted.
import {
  japanMidnight,
  lastClosedMonthAt,
  nextStatementMonth,
  payoutDateOf,
  statementMonthEnd,
  statementTotals,
  type StatementMonth,
} from '@kifu/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../console/console-export-gifts';
import type { Database } from '../db/client';
import { inLanes } from '../lib/in-lanes';
import { associates, statements } from '../db/schema/index';

/** Gifts that count on a statement: paid, or paid and given back since (the refund is its own line). */
const COUNTED = sql`d.status in ('paid', 'refunded') and d.paid_at is not null`;

/** The instant a payout date starts in Japan: a gift's `transferable_time` (spec §3). */
export function payoutInstant(month: StatementMonth): Date {
  const [year, monthOfYear, day] = payoutDateOf(month).split('-').map(Number);
  return japanMidnight({ year: year!, month: monthOfYear!, day: day! });
}

/**
 * The associates with something not yet on a statement before `end`, and the months (in Japan) of
 * those things, oldest first: the months that need a statement, besides those a balance carries into.
 */
async function openItemMonths(db: Database, end: Date): Promise<Map<number, StatementMonth[]>> {
  const rows = rowsOf<{ associate_id: number; month: string }>(
    await db.execute(sql`
      select distinct associate_id, to_char(at at time zone 'Asia/Tokyo', 'YYYY-MM') as month from (
        select d.associate_id, d.paid_at as at from donations d
        where ${COUNTED} and d.paid_at < ${end}::timestamptz
          and not exists (select 1 from statement_lines l where l.kind = 'gift' and l.donation_id = d.id)
        union all
        select d.associate_id, r.completed_at from gift_refunds r join donations d on d.id = r.donation_id
        where r.status = 'completed' and r.completed_at < ${end}::timestamptz
          and not exists (select 1 from statement_lines l where l.kind = 'refund' and l.gift_refund_id = r.id)
        union all
        select p.associate_id, least(p.completed_at, ${end}::timestamptz - interval '1 second') from payouts p
        where p.status = 'failed'
          and not exists (select 1 from statement_lines l where l.kind = 'failed_payout' and l.payout_id = p.id)
        union all
        -- A month that owed Kifu carries its balance into the next, which closes even when empty.
        select s.associate_id, ${end}::timestamptz - interval '1 second' from statements s
        where s.carried_out < 0
          and not exists (select 1 from statements later where later.associate_id = s.associate_id and later.month > s.month)
      ) open_items order by associate_id, month`),
  );
  const months = new Map<number, StatementMonth[]>();
  for (const row of rows) months.set(row.associate_id, [...(months.get(row.associate_id) ?? []), row.month]);
  return months;
}

/** Closes one month of one associate; null when it had nothing to state (no statement is written then). */
export async function closeStatement(db: Database, associateId: number, month: StatementMonth) {
  return db.transaction(async (tx) => {
    await tx.select({ id: associates.id }).from(associates).where(eq(associates.id, associateId)).for('update');
    const [previous] = await tx
      .select({ month: statements.month, carriedOut: statements.carriedOut })
      .from(statements)
      .where(eq(statements.associateId, associateId))
      .orderBy(desc(statements.month))
      .limit(1);
    // Closed already (another closer got here first), or a later month is: months close in order.
    if (previous && previous.month >= month) return null;
    const end = statementMonthEnd(month);
    const [statement] = await tx
      .insert(statements)
      .values({
        associateId,
        month,
        gross: 0,
        refunds: 0,
        fees: 0,
        commission: 0,
        tax: 0,
        net: 0,
        carriedIn: 0,
        payable: 0,
        carriedOut: 0,
        payoutDate: payoutDateOf(month),
      })
      .returning({ id: statements.id });
    const id = statement!.id;
    const lines = rowsOf<{ kind: 'gift' | 'refund' | 'failed_payout'; amount: number; fee: number }>(
      await tx.execute(sql`
        insert into statement_lines (statement_id, kind, donation_id, gift_refund_id, payout_id, occurred_at, amount, fee)
        select ${id}::int, 'gift', d.id, null::int, null::int, d.paid_at, d.amount,
          -- The fee as paid: what the gift holds now plus what its refunds gave back (ADR 075).
          (d.commission + coalesce((select sum(r.fee_returned) from gift_refunds r where r.donation_id = d.id and r.status = 'completed'), 0))::int
        from donations d
        where d.associate_id = ${associateId} and ${COUNTED} and d.paid_at < ${end}::timestamptz
          and not exists (select 1 from statement_lines l where l.kind = 'gift' and l.donation_id = d.id)
        union all
        select ${id}::int, 'refund', null::int, r.id, null::int, r.completed_at, -r.amount, -r.fee_returned
        from gift_refunds r join donations d on d.id = r.donation_id
        where d.associate_id = ${associateId} and r.status = 'completed' and r.completed_at < ${end}::timestamptz
          and not exists (select 1 from statement_lines l where l.kind = 'refund' and l.gift_refund_id = r.id)
        union all
        select ${id}::int, 'failed_payout', null::int, null::int, p.id, p.completed_at, p.amount, 0
        from payouts p
        where p.associate_id = ${associateId} and p.status = 'failed'
          and not exists (select 1 from statement_lines l where l.kind = 'failed_payout' and l.payout_id = p.id)
        returning kind, amount, fee`),
    );
    const carriedIn =
      Math.min(0, previous?.carriedOut ?? 0) +
      lines.filter((line) => line.kind === 'failed_payout').reduce((sum, line) => sum + line.amount, 0);
    if (lines.length === 0 && carriedIn === 0) {
      await tx.delete(statements).where(eq(statements.id, id));
      return null;
    }
    const totals = statementTotals(
      lines.filter((line) => line.kind === 'gift').map((line) => ({ amount: line.amount, fee: line.fee })),
      lines.filter((line) => line.kind === 'refund').map((line) => ({ amount: -line.amount, feeReturned: -line.fee })),
      carriedIn,
    );
    const [closed] = await tx.update(statements).set(totals).where(eq(statements.id, id)).returning();
    // spec §3's transferable time: from when the gift's money can be paid out.
    await tx.execute(sql`
      update donations d set transferable_time = ${payoutInstant(month)}
      from statement_lines l where l.statement_id = ${id} and l.kind = 'gift' and d.id = l.donation_id`);
    return closed!;
  });
}

/**
 * How many associates are closed at once: each month is a few short statements, so one associate at
 * a time leaves the process and the database waiting on each other's round trips. Associates are
 * independent (each closes under a lock on its own row); one associate's months still close in order.
 */
const LANES = 4;

/**
 * Closes every month of every associate that has closed by `now` and is not written yet. Returns how
 * many statements were written.
 */
export async function closeDueStatements(db: Database, now = new Date()): Promise<number> {
  const last = lastClosedMonthAt(now);
  let written = 0;
  const open = await openItemMonths(db, statementMonthEnd(last));
  await inLanes([...open], LANES, async ([associateId, itemMonths]) => {
    // Read after the await: `written += await …` would add to the total as it was before the wait.
    const closed = await closeMonthsOf(db, associateId, itemMonths, last);
    written += closed;
  });
  return written;
}

/** Closes one associate's months up to `last`, oldest first; answers how many statements were written. */
async function closeMonthsOf(db: Database, associateId: number, itemMonths: StatementMonth[], last: StatementMonth): Promise<number> {
  const [latest] = await db
    .select({ month: statements.month })
    .from(statements)
    .where(eq(statements.associateId, associateId))
    .orderBy(desc(statements.month))
    .limit(1);
  const open = latest ? nextStatementMonth(latest.month) : itemMonths[0]!;
  // Something recorded after its month closed goes on the first month still open.
  const months = [...new Set(itemMonths.map((month) => (month < open ? open : month)))];
  let written = 0;
  for (let index = 0; index < months.length; index++) {
    const statement = await closeStatement(db, associateId, months[index]!);
    if (!statement) continue;
    written++;
    // A month that owes Kifu carries it into the next, which closes even with nothing of its own.
    const next = nextStatementMonth(statement.month);
    if (statement.carriedOut < 0 && next <= last && months[index + 1] !== next) months.splice(index + 1, 0, next);
  }
  return written;
}
