// Issues the virtual account a bank-transfer donation is paid into and stores it (spec §4 "Bank
// transfer (single only): issue a virtual account"; §3 "Virtual bank account"). The bank call is
// idempotent by reference, so a crash between the bank's answer and our commit is repaired by
// simply calling this again: the same account comes back and is stored once.
import { DONATION_ERRORS } from '@kifu/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { donations, virtualAccounts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { BankGateway } from '../../providers/bank/bank-gateway';
import { ProviderError } from '../../providers/provider-error';
import { syncPortfolioParts } from '../../donations/sync-portfolio-parts';
import { BANK_TRANSFER_PROVIDER } from './bank-transfer-state';

export type StoredVirtualAccount = typeof virtualAccounts.$inferSelect;

const JST_OFFSET_MS = 9 * 3_600_000;

/** The bank's reference for a donation: one account per donation, whoever retries. */
export function bankTransferReference(donationId: number): string {
  return `kifu-donation-${donationId}`;
}

/**
 * 23:59:59 Japan time, `days` calendar days from `now`: transfer deadlines are dates in Japan, as
 * the supporter reads them on the Done screen (BANK_TRANSFER_EXPIRY_DAYS). Stable within a day, so
 * a retry asks the bank for the same deadline.
 */
export function transferDeadline(now: Date, days: number): Date {
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  return new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), jst.getUTCDate() + days, 23, 59, 59) - JST_OFFSET_MS);
}

export interface OpenVirtualAccountInput {
  donationId: number;
  /** Yen the supporter transfers (the donation's amount). */
  amount: number;
  expiryDays: number;
  now?: Date;
  /** Katakana holder name; the bank's default (Kifu's corporate name) otherwise. */
  holderName?: string;
  /** Runs in the storing transaction, only when the account is stored the first time (a retry finds it). */
  afterStored?: (tx: Database, account: StoredVirtualAccount) => Promise<void>;
}

/**
 * Issues (or finds again) the donation's account, stores it, and moves a 'pending' donation to
 * 'awaiting_transfer' with payment_provider 'bank' and payment_id = the bank's account id.
 * Rejects with the gateway's ProviderError; routes turn it into `bankAccountIssueError`.
 */
export async function openVirtualAccount(db: Database, bank: BankGateway, input: OpenVirtualAccountInput): Promise<StoredVirtualAccount> {
  const account = await bank.issueVirtualAccount({
    amount: input.amount,
    reference: bankTransferReference(input.donationId),
    expiresAt: transferDeadline(input.now ?? new Date(), input.expiryDays),
    holderName: input.holderName,
  });
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(virtualAccounts)
      .values({
        donationId: input.donationId,
        provider: BANK_TRANSFER_PROVIDER,
        providerAccountId: account.id,
        bankName: account.bankName,
        bankNameEn: account.bankNameEn,
        branchName: account.branchName,
        branchNameEn: account.branchNameEn,
        accountType: account.accountType,
        accountNumber: account.accountNumber,
        accountHolder: account.accountHolder,
        accountHolderEn: account.accountHolderEn,
        amount: account.amount,
        expirationDate: account.expiresAt,
      })
      .onConflictDoNothing({ target: virtualAccounts.donationId })
      .returning();
    await tx
      .update(donations)
      .set({ status: 'awaiting_transfer', paymentProvider: BANK_TRANSFER_PROVIDER, paymentId: account.id, updatedAt: sql`now()` })
      .where(and(eq(donations.id, input.donationId), eq(donations.status, 'pending')));
    await syncPortfolioParts(tx, input.donationId);
    if (inserted) {
      await input.afterStored?.(tx, inserted);
      return inserted;
    }
    const [existing] = await tx.select().from(virtualAccounts).where(eq(virtualAccounts.donationId, input.donationId));
    return existing!;
  });
}

/**
 * The API error for a failed issue (spec §8 "bank account issue"): the catalogue's own wording as
 * the detail, 422 when the bank refused the request itself, 502 when it could not answer.
 */
export function bankAccountIssueError(error: unknown): AppError {
  const refused = error instanceof ProviderError && error.rejectedRequest;
  return new AppError(refused ? 'unprocessable' : 'bad_gateway', DONATION_ERRORS.bankAccountIssue.en);
}
