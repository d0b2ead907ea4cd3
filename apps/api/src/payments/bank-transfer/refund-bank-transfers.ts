// Job `refund-bank-transfers` (ADR 035): sends back what a bank-transfer donor is owed —
// the excess of an over deposit, or a late transfer minus the fee (bank-transfer-state.ts keeps it
// on the account as refund_due_amount). Each refund is written pending first and asked of the bank
// with an idempotency key made from its row, so a run after a crash or a lost answer asks again and
// the bank answers the refund it already made: the donor is paid back once. What is due, asked and
// paid back stays on the rows, so every yen of a transfer can be traced. The donor is mailed once a
// refund is sent.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { bankRefunds, virtualAccounts } from '../../db/schema/index';
import type { BankGateway } from '../../providers/bank/bank-gateway';
import { ProviderError } from '../../providers/provider-error';
import { queueBankTransferRefunded } from './bank-transfer-mails';

export const REFUND_BANK_TRANSFERS_JOB = 'refund-bank-transfers';

export interface RefundDeps {
  db: Database;
  bank: BankGateway;
  log: FastifyBaseLogger;
}

export const refundKey = (refundId: number) => `kifu-refund-${refundId}`;

/** Accounts owing more than their refunds so far, with a refund row for the difference (or the pending one). */
async function refundsToSend(db: Database) {
  const owing = await db
    .select({
      id: virtualAccounts.id,
      due: virtualAccounts.refundDueAmount,
      asked: sql<number>`coalesce(sum(${bankRefunds.amount}), 0)::int`,
    })
    .from(virtualAccounts)
    .leftJoin(bankRefunds, eq(bankRefunds.virtualAccountId, virtualAccounts.id))
    .where(sql`${virtualAccounts.refundDueAmount} > 0`)
    .groupBy(virtualAccounts.id)
    .having(sql`${virtualAccounts.refundDueAmount} > coalesce(sum(${bankRefunds.amount}), 0)`)
    .limit(100);
  for (const { id } of owing) {
    // Two runs at once must not both ask for the same difference: the account's row is the lock.
    await db.transaction(async (tx) => {
      const [account] = await tx
        .select({ due: virtualAccounts.refundDueAmount })
        .from(virtualAccounts)
        .where(eq(virtualAccounts.id, id))
        .for('update');
      const [asked] = await tx
        .select({ total: sql<number>`coalesce(sum(${bankRefunds.amount}), 0)::int` })
        .from(bankRefunds)
        .where(eq(bankRefunds.virtualAccountId, id));
      const owed = account!.due - Number(asked?.total ?? 0);
      if (owed > 0) await tx.insert(bankRefunds).values({ virtualAccountId: id, amount: owed });
    });
  }
  return db
    .select({
      id: bankRefunds.id,
      amount: bankRefunds.amount,
      accountId: virtualAccounts.providerAccountId,
      donationId: virtualAccounts.donationId,
    })
    .from(bankRefunds)
    .innerJoin(virtualAccounts, eq(virtualAccounts.id, bankRefunds.virtualAccountId))
    .where(eq(bankRefunds.status, 'pending'))
    .limit(100);
}

export async function refundBankTransfers(deps: RefundDeps): Promise<{ refunded: number; failed: number }> {
  const result = { refunded: 0, failed: 0 };
  for (const refund of await refundsToSend(deps.db)) {
    try {
      const sent = await deps.bank.refund(refund.accountId, refund.amount, refundKey(refund.id));
      await deps.db.transaction(async (tx) => {
        const completed = await tx
          .update(bankRefunds)
          .set({ status: 'completed', providerRefundId: sent.id, completedAt: sent.refundedAt, lastError: null })
          .where(and(eq(bankRefunds.id, refund.id), eq(bankRefunds.status, 'pending')))
          .returning({ id: bankRefunds.id });
        if (completed.length > 0) await queueBankTransferRefunded(tx, refund);
      });
      result.refunded++;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await deps.db.update(bankRefunds).set({ lastError: error.code }).where(eq(bankRefunds.id, refund.id));
      deps.log.warn({ refundId: refund.id, code: error.code }, 'bank refund not sent; retried next run');
      result.failed++;
    }
  }
  if (result.refunded + result.failed > 0) deps.log.info(result, 'bank transfer refunds');
  return result;
}
