// Job `process-bank-event`: one stored bank event, from a verified webhook
// (webhooks/receive-webhooks.ts) or from the event pull (pull-bank-events.ts). The event only names
// the account: its copy may be stale, replayed or out of order, so the account is re-fetched from
// the bank and that snapshot is applied (bank-transfer-state.ts). Events about accounts Kifu never
// issued, or without an account, are marked processed and ignored. An event about an outgoing
// transfer (a payout, ADR 075) is handed to `onTransfer`, which reads the transfer again.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { providerEvents, virtualAccounts } from '../../db/schema/index';
import { BANK_PROVIDER, type BankGateway, type BankVirtualAccount } from '../../providers/bank/bank-gateway';
import { transferIdOf, virtualAccountIdOf } from '../../providers/bank/bank-wire-format';
import { ProviderError } from '../../providers/provider-error';
import {
  applyBankAccountState,
  BANK_TRANSFER_PROVIDER,
  type ApplyBankAccountOptions,
  type BankTransferOutcome,
} from './bank-transfer-state';

export interface BankTransferDeps {
  db: Database;
  bank: BankGateway;
  log: FastifyBaseLogger;
  /** Passed to applyBankAccountState (afterSettle, a test's clock). */
  apply?: ApplyBankAccountOptions;
  /** What becomes of an outgoing transfer's event: the payout it pays follows the bank (ADR 075). */
  onTransfer?: (transferId: string) => Promise<void>;
}

export type BankEventResult = 'missing' | 'already_processed' | 'ignored' | 'transfer' | BankTransferOutcome['outcome'];

export async function processBankEvent(deps: BankTransferDeps, providerEventId: number): Promise<BankEventResult> {
  const { db, log } = deps;
  const [event] = await db
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.id, providerEventId), eq(providerEvents.provider, BANK_PROVIDER)))
    .limit(1);
  if (!event) return 'missing';
  if (event.processedAt) return 'already_processed';

  let result: BankEventResult = 'ignored';
  const accountId = virtualAccountIdOf(event.payload);
  // Asking the bank about an account we never stored would tell us nothing we could apply.
  const known = accountId
    ? await db
        .select({ id: virtualAccounts.id })
        .from(virtualAccounts)
        .where(and(eq(virtualAccounts.provider, BANK_TRANSFER_PROVIDER), eq(virtualAccounts.providerAccountId, accountId)))
        .limit(1)
    : [];
  if (accountId && known.length > 0) {
    let account: BankVirtualAccount | undefined;
    try {
      account = await deps.bank.retrieveVirtualAccount(accountId);
    } catch (error) {
      // Any other failure throws: the job retries with backoff and the event stays unprocessed.
      // An account the bank says it does not have will not appear by retrying.
      if (!(error instanceof ProviderError) || error.httpStatus !== 404) throw error;
      log.warn({ eventId: event.eventId, accountId, code: error.code }, 'bank event names an account the bank does not return');
      result = 'unknown_account';
    }
    if (account) {
      const applied = await applyBankAccountState(db, account, deps.apply);
      result = applied.outcome;
      if (applied.outcome === 'conflict') log.warn({ eventId: event.eventId, ...applied }, 'bank account contradicts a final donation');
      else log.info({ eventId: event.eventId, kind: event.kind, ...applied }, 'bank event processed');
    }
  } else if (transferIdOf(event.payload) && deps.onTransfer) {
    // Failures throw: the job retries and the event stays unprocessed until the payout follows.
    await deps.onTransfer(transferIdOf(event.payload)!);
    result = 'transfer';
  } else {
    log.info({ eventId: event.eventId, kind: event.kind, accountId }, 'bank event names no account of ours; ignored');
  }
  await db
    .update(providerEvents)
    .set({ processedAt: sql`now()` })
    .where(and(eq(providerEvents.id, event.id), isNull(providerEvents.processedAt)));
  return result;
}
