// Bank-transfer expiry (architecture.md §1: the API runs the bank-transfer expiry job). No deposit
// means no event, so a donation whose deadline passed unpaid would wait for ever: its account is
// re-fetched and applied like any other snapshot. The bank decides 'expired' by its own clock (an
// account it still calls 'waiting' is left for the next run); a 'short' account expires by ours,
// after the grace of bank-transfer-state.ts. One account the bank cannot return holds up no other.
import { and, asc, eq, lt } from 'drizzle-orm';
import { donations, virtualAccounts } from '../../db/schema/index';
import { ProviderError } from '../../providers/provider-error';
import { applyBankAccountState, BANK_TRANSFER_PROVIDER } from './bank-transfer-state';
import type { BankTransferDeps } from './process-bank-event';

/** Per run; the next run takes the rest. */
const BATCH = 100;

export interface ExpiryResult {
  checked: number;
  expired: number;
  failed: number;
}

export async function expireOverdueTransfers(deps: BankTransferDeps, now: Date = deps.apply?.now ?? new Date()): Promise<ExpiryResult> {
  const overdue = await deps.db
    .select({ donationId: donations.id, accountId: virtualAccounts.providerAccountId })
    .from(virtualAccounts)
    .innerJoin(donations, eq(donations.id, virtualAccounts.donationId))
    .where(
      and(
        eq(donations.status, 'awaiting_transfer'),
        eq(virtualAccounts.provider, BANK_TRANSFER_PROVIDER),
        lt(virtualAccounts.expirationDate, now),
      ),
    )
    .orderBy(asc(virtualAccounts.expirationDate))
    .limit(BATCH);

  const result: ExpiryResult = { checked: overdue.length, expired: 0, failed: 0 };
  for (const { donationId, accountId } of overdue) {
    try {
      const applied = await applyBankAccountState(deps.db, await deps.bank.retrieveVirtualAccount(accountId), { ...deps.apply, now });
      if (applied.outcome === 'settled' && applied.donationStatus === 'expired') result.expired++;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      result.failed++;
      deps.log.warn({ donationId, accountId, code: error.code }, 'expiry sweep could not retrieve a virtual account');
    }
  }
  if (result.checked > 0) deps.log.info(result, 'overdue bank transfers checked');
  return result;
}
