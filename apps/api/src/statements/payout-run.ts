// The payout run (ADR 075): every closed statement with something payable whose payout date has
// come is sent to its associate's account through the bank, exactly once. A payout row is written
// `pending`, with the account as it stands and a reference naming the associate and the month,
// before the bank is asked; the bank's Idempotency-Key is derived from that reference and the bank
// refuses a second transfer under it (ADR 074). So a run killed after the bank accepted and before
// our commit, or one that lost the bank's answer, asks again with the same reference when it runs
// next and gets the same transfer back. The bank's answer comes later: a payout stays `processing`
// until the transfer's event arrives or a run reads it; a refused one is `failed`, its owners are
// mailed and its amount is carried into the next statement (close-statements.ts).
import { formatYenAmount, japanIsoDate, type Locale } from '@kifu/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { associateMembers, associates, payoutRuns, payouts, statements, users } from '../db/schema/index';
import { claimOnce } from '../lib/idempotency';
import { inLanes } from '../lib/in-lanes';
import { localizer } from '../lib/localize';
import { enqueueMail } from '../mail/enqueue-mail';
import type { MailLinks } from '../mail/mail-links';
import type { BankGateway, BankTransfer } from '../providers/bank/bank-gateway';
import { ProviderError } from '../providers/provider-error';

export interface PayoutDeps {
  db: Database;
  bank: BankGateway;
  mailLinks: MailLinks;
  log: FastifyBaseLogger;
}

/** How many payouts are sent at once: the bank answers each in a few milliseconds, the database too. */
const LANES = 8;

type PayoutRow = typeof payouts.$inferSelect;

/** The transfer's reference at the bank: one per associate and month, so one transfer ever. */
export const payoutReference = (associateId: number, month: string) => `kifu-payout-${associateId}-${month.replace('-', '')}`;

export interface PayoutRunResult {
  runId: number;
  /** Payouts written by this run. */
  created: number;
  succeeded: number;
  failed: number;
  /** Sent and waiting for the payee's bank, or not sent for an outage (tried again by the next run). */
  open: number;
  /** Statements owed but not paid for want of a payout account. */
  withoutAccount: number;
}

/** Runs the payouts due at `now` (a date in Japan); `trigger` says who started it. */
export async function runPayouts(
  deps: PayoutDeps,
  options: { trigger: 'schedule' | 'staff'; requestedBy?: number | null; now?: Date; asOf?: string },
): Promise<PayoutRunResult | null> {
  const { db } = deps;
  const today = japanIsoDate(options.now ?? new Date());
  // The schedule runs a few times a day: a run with nothing to pay or read is not recorded.
  if (options.trigger === 'schedule') {
    const [work] = rowsOfCount(
      await db.execute(sql`
        select count(*)::int as count from (
          select 1 from statements s
          where s.payable > 0 and s.payout_date <= ${today}::date and not exists (select 1 from payouts p where p.statement_id = s.id)
            and exists (select 1 from associate_payout_accounts a where a.associate_id = s.associate_id)
          union all
          select 1 from payouts p where p.status in ('pending', 'processing')
        ) work`),
    );
    if (!work?.count) return null;
  }
  const [run] = await db
    .insert(payoutRuns)
    .values({ trigger: options.trigger, requestedBy: options.requestedBy ?? null, asOf: options.asOf ?? null })
    .returning({ id: payoutRuns.id });
  const runId = run!.id;
  const created = await db.execute(sql`
    insert into payouts (associate_id, statement_id, run_id, amount, reference,
      bank_code, branch_code, account_type, account_number, account_holder)
    select s.associate_id, s.id, ${runId}, s.payable, 'kifu-payout-' || s.associate_id || '-' || replace(s.month, '-', ''),
      a.bank_code, a.branch_code, a.account_type, a.account_number, a.account_holder
    from statements s join associate_payout_accounts a on a.associate_id = s.associate_id
    where s.payable > 0 and s.payout_date <= ${today}::date
      and not exists (select 1 from payouts p where p.statement_id = s.id)
    on conflict do nothing`);
  const [missing] = rowsOfCount(
    await db.execute(sql`
      select count(*)::int as count from statements s
      where s.payable > 0 and s.payout_date <= ${today}::date
        and not exists (select 1 from payouts p where p.statement_id = s.id)
        and not exists (select 1 from associate_payout_accounts a where a.associate_id = s.associate_id)`),
  );
  // This run's payouts and every one a crash or an outage left unfinished.
  const open = await db
    .select()
    .from(payouts)
    .where(inArray(payouts.status, ['pending', 'processing']))
    .orderBy(payouts.id);
  const outcome = { succeeded: 0, failed: 0, open: 0 };
  await inLanes(open, LANES, async (payout) => {
    const status = await sendPayout(deps, payout);
    if (status === 'succeeded' || status === 'failed') outcome[status]++;
    else outcome.open++;
  });
  await db.update(payoutRuns).set({ finishedAt: new Date() }).where(eq(payoutRuns.id, runId));
  return { runId, created: affectedRows(created), ...outcome, withoutAccount: missing?.count ?? 0 };
}

const rowsOfCount = (result: unknown) =>
  ((result as { rows?: { count: number }[] }).rows ?? (result as { count: number }[])) as { count: number }[];
const affectedRows = (result: unknown) =>
  Number(
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
  );

/** Sends one payout, or reads again the transfer sent for it; answers its status afterwards. */
export async function sendPayout(deps: PayoutDeps, payout: PayoutRow): Promise<PayoutRow['status']> {
  try {
    const transfer =
      payout.status === 'processing' && payout.bankTransferId
        ? await deps.bank.getTransfer(payout.bankTransferId)
        : await deps.bank.createTransfer({
            bankCode: payout.bankCode,
            branchCode: payout.branchCode,
            accountType: payout.accountType as BankTransfer['accountType'],
            accountNumber: payout.accountNumber,
            accountHolder: payout.accountHolder,
            amount: payout.amount,
            reference: payout.reference,
          });
    return (await applyTransfer(deps, transfer))?.status ?? payout.status;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // A refusal of the order itself (an account the bank cannot take) will not pass on a retry.
    if (!error.retryable) {
      await markFailed(deps, payout.id, error.code);
      return 'failed';
    }
    await deps.db.update(payouts).set({ failureCode: error.code }).where(eq(payouts.id, payout.id));
    deps.log.warn({ payoutId: payout.id, code: error.code }, 'payout not sent for a bank outage; the next run asks again');
    return payout.status;
  }
}

/**
 * Applies what the bank says of a transfer to the payout it pays (found by its reference): from the
 * bank's answer, a run reading it again, or its `transfer.*` event. A final payout never changes.
 */
export async function applyTransfer(deps: Pick<PayoutDeps, 'db' | 'mailLinks'>, transfer: BankTransfer): Promise<PayoutRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const [payout] = await tx
      .update(payouts)
      .set({
        status: transfer.status,
        bankTransferId: transfer.id,
        failureCode: transfer.failureCode,
        completedAt: transfer.status === 'processing' ? null : (transfer.completedAt ?? new Date()),
        updatedAt: sql`now()`,
      })
      .where(and(eq(payouts.reference, transfer.reference), inArray(payouts.status, ['pending', 'processing'])))
      .returning();
    if (payout?.status === 'failed') await queuePayoutFailed(tx, payout, deps.mailLinks);
    return payout;
  });
}

async function markFailed(deps: PayoutDeps, payoutId: number, code: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [payout] = await tx
      .update(payouts)
      .set({ status: 'failed', failureCode: code, completedAt: new Date(), updatedAt: sql`now()` })
      .where(and(eq(payouts.id, payoutId), inArray(payouts.status, ['pending', 'processing'])))
      .returning();
    if (payout) await queuePayoutFailed(tx, payout, deps.mailLinks);
  });
}

const REASONS: Record<string, Record<Locale, string>> = {
  account_not_found: { ja: '口座が見つかりませんでした。', en: 'the bank found no such account.' },
  account_closed: { ja: '口座が解約されていました。', en: 'the account is closed.' },
  holder_mismatch: { ja: '口座名義が一致しませんでした。', en: 'the account holder’s name did not match.' },
};
const OTHER_REASON: Record<Locale, string> = { ja: '銀行が振込を受け付けませんでした。', en: 'the bank did not accept the transfer.' };

/** Every owner of the associate hears, once per payout, that it came back and what to do. */
async function queuePayoutFailed(db: Database, payout: PayoutRow, links: MailLinks): Promise<void> {
  if (!(await claimOnce(db, 'mail:payout-failed', String(payout.id)))) return;
  const [associate] = await db.select().from(associates).where(eq(associates.id, payout.associateId));
  const [statement] = await db.select({ month: statements.month }).from(statements).where(eq(statements.id, payout.statementId));
  const owners = await db
    .select({ email: users.email, locale: users.locale })
    .from(associateMembers)
    .innerJoin(users, eq(users.id, associateMembers.userId))
    .where(and(eq(associateMembers.associateId, payout.associateId), eq(associateMembers.role, 'owner')));
  for (const owner of owners) {
    const locale: Locale = owner.locale === 'en' ? 'en' : 'ja';
    const [year, month] = statement!.month.split('-');
    await enqueueMail(db, {
      to: owner.email,
      locale,
      template: 'payout-failed',
      values: {
        associate: localizer(locale)(associate!, 'name'),
        month: locale === 'ja' ? `${year}年${Number(month)}月` : `${year}-${month}`,
        amount: formatYenAmount(payout.amount, locale),
        reason: (REASONS[payout.failureCode ?? ''] ?? OTHER_REASON)[locale],
        link: links.page(`/dashboard/${associate!.uid}/statements`, locale),
      },
    });
  }
}
