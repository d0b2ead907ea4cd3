// What the console and Kifu's staff read of statements and payouts (ADR 075). Closed statements are
// read as they were written; what is not on one yet is summed on the fly as the open month(s),
// with the same rules (statementTotals), and may still change until its month closes.
import { statementTotals, type api, type Locale } from '@kifu/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../console/console-export-gifts';
import type { Database } from '../db/client';
import { associatePayoutAccounts, associates, payouts, statementLines, statements } from '../db/schema/index';
import { localizer } from '../lib/localize';

type StatementRow = typeof statements.$inferSelect;
type PayoutRow = typeof payouts.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function totalsView(
  row: Pick<StatementRow, 'gross' | 'refunds' | 'fees' | 'commission' | 'tax' | 'net' | 'carriedIn' | 'payable' | 'carriedOut'>,
) {
  return {
    gross: row.gross,
    refunds: row.refunds,
    fees: row.fees,
    commission: row.commission,
    tax: row.tax,
    net: row.net,
    carried_in: row.carriedIn,
    payable: row.payable,
    carried_out: row.carriedOut,
  };
}

function payoutView(payout: PayoutRow, month: string): api.PayoutView {
  return {
    id: payout.id,
    month,
    amount: payout.amount,
    status: payout.status as api.PayoutView['status'],
    failure_code: payout.failureCode,
    reference: payout.reference,
    created_at: payout.createdAt.toISOString(),
    completed_at: iso(payout.completedAt),
  };
}

function summaryView(statement: StatementRow, payout: PayoutRow | undefined): api.StatementSummaryView {
  return {
    month: statement.month,
    ...totalsView(statement),
    payout_date: statement.payoutDate,
    closed_at: statement.closedAt.toISOString(),
    payout: payout ? payoutView(payout, statement.month) : null,
  };
}

/** The gifts and refunds of the associate on no statement yet, summed as a statement would sum them. */
async function openTotals(db: Database, associateId: number, carriedIn: number) {
  const rows = rowsOf<{ kind: 'gift' | 'refund'; amount: number; fee: number }>(
    await db.execute(sql`
      select 'gift' as kind, d.amount, d.commission + coalesce((select sum(r.fee_returned) from gift_refunds r
        where r.donation_id = d.id and r.status = 'completed'), 0)::int as fee
      from donations d
      where d.associate_id = ${associateId} and d.status in ('paid', 'refunded') and d.paid_at is not null
        and not exists (select 1 from statement_lines l where l.kind = 'gift' and l.donation_id = d.id)
      union all
      select 'refund', r.amount, r.fee_returned from gift_refunds r join donations d on d.id = r.donation_id
      where d.associate_id = ${associateId} and r.status = 'completed'
        and not exists (select 1 from statement_lines l where l.kind = 'refund' and l.gift_refund_id = r.id)`),
  );
  const gifts = rows.filter((row) => row.kind === 'gift');
  const refunds = rows.filter((row) => row.kind === 'refund');
  const totals = statementTotals(
    gifts.map((row) => ({ amount: row.amount, fee: Number(row.fee) })),
    refunds.map((row) => ({ amount: row.amount, feeReturned: row.fee })),
    carriedIn,
  );
  return { ...totals, gifts: gifts.length, refundsCount: refunds.length };
}

export async function statementListOf(db: Database, associateId: number): Promise<api.StatementListView> {
  const closed = await db.select().from(statements).where(eq(statements.associateId, associateId)).orderBy(desc(statements.month));
  const paid = closed.length
    ? await db
        .select()
        .from(payouts)
        .where(
          inArray(
            payouts.statementId,
            closed.map((statement) => statement.id),
          ),
        )
    : [];
  const open = await openTotals(db, associateId, closed[0]?.carriedOut ?? 0);
  const [account] = await db
    .select({ id: associatePayoutAccounts.id })
    .from(associatePayoutAccounts)
    .where(eq(associatePayoutAccounts.associateId, associateId));
  return {
    open: { ...totalsView(open), gifts: open.gifts, refunds_count: open.refundsCount },
    results: closed.map((statement) =>
      summaryView(
        statement,
        paid.find((payout) => payout.statementId === statement.id),
      ),
    ),
    has_payout_account: account !== undefined,
  };
}

export async function statementDetailOf(db: Database, associateId: number, month: string): Promise<api.StatementDetailView | null> {
  const [statement] = await db
    .select()
    .from(statements)
    .where(and(eq(statements.associateId, associateId), eq(statements.month, month)))
    .limit(1);
  if (!statement) return null;
  const [payout] = await db.select().from(payouts).where(eq(payouts.statementId, statement.id));
  const lines = await db
    .select()
    .from(statementLines)
    .where(eq(statementLines.statementId, statement.id))
    .orderBy(statementLines.occurredAt, statementLines.id);
  return {
    ...summaryView(statement, payout),
    lines: lines.map((line) => ({
      kind: line.kind as api.StatementLineView['kind'],
      occurred_at: line.occurredAt.toISOString(),
      donation_id: line.donationId,
      amount: line.amount,
      fee: line.fee,
      net: line.amount - line.fee,
    })),
  };
}

/** The last hundred payout runs (or the one asked for), newest first, with their payouts counted. */
export async function payoutRunList(db: Database, runId?: number): Promise<api.PayoutRunView[]> {
  const rows = rowsOf<{
    id: number;
    trigger: 'schedule' | 'staff';
    as_of: string | null;
    started_at: Date | string;
    finished_at: Date | string | null;
    payouts: number;
    amount: number;
    succeeded: number;
    failed: number;
  }>(
    await db.execute(sql`
      select r.id, r.trigger, r.as_of::text as as_of, r.started_at, r.finished_at, count(p.id)::int as payouts, coalesce(sum(p.amount), 0)::int as amount,
        count(p.id) filter (where p.status = 'succeeded')::int as succeeded, count(p.id) filter (where p.status = 'failed')::int as failed
      from payout_runs r left join payouts p on p.run_id = r.id
      ${runId === undefined ? sql`` : sql`where r.id = ${runId}`}
      group by r.id order by r.id desc limit 100`),
  );
  return rows.map((row) => ({
    id: row.id,
    trigger: row.trigger,
    as_of: row.as_of,
    started_at: new Date(row.started_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    payouts: row.payouts,
    amount: row.amount,
    succeeded: row.succeeded,
    failed: row.failed,
    open: row.payouts - row.succeeded - row.failed,
  }));
}

export async function payoutRunDetail(db: Database, runId: number, lang: Locale): Promise<api.PayoutRunDetailView | null> {
  const [run] = await payoutRunList(db, runId);
  if (!run) return null;
  const rows = await db
    .select({ payout: payouts, month: statements.month, associate: associates })
    .from(payouts)
    .innerJoin(statements, eq(statements.id, payouts.statementId))
    .innerJoin(associates, eq(associates.id, payouts.associateId))
    .where(eq(payouts.runId, runId))
    .orderBy(payouts.id);
  const tr = localizer(lang);
  return {
    ...run,
    results: rows.map((row) => ({
      ...payoutView(row.payout, row.month),
      associate_uid: row.associate.uid,
      associate_name: tr(row.associate, 'name'),
    })),
  };
}
