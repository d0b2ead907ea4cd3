// A virtual account as the bank keeps it, and how its status follows from its deposits and the
// clock. Status is derived on every read rather than stored, so moving the sandbox clock past the
// expiry is enough to see 'expired' (providers.md "Bank transfer").
import { BANK } from './bank-identity';

export const VIRTUAL_ACCOUNT_STATUSES = ['waiting', 'paid', 'short', 'over', 'expired', 'late'] as const;
export type VirtualAccountStatus = (typeof VIRTUAL_ACCOUNT_STATUSES)[number];

export interface Deposit {
  id: string;
  amount: number;
  depositor_name: string;
  deposited_at: string;
}

/** Money the bank sent back to the depositor at the merchant's request (an over or late transfer). */
export interface Refund {
  id: string;
  amount: number;
  /** The depositor the money goes back to (the latest deposit's name). */
  to: string;
  refunded_at: string;
  idempotency_key: string;
}

export interface VirtualAccount {
  id: string;
  accountNumber: string;
  amount: number;
  expiresAt: Date;
  holder: { ja: string; en: string };
  reference: string;
  deposits: Deposit[];
  refunds: Refund[];
  createdAt: Date;
  closedAt: Date | undefined;
  /** The normalised issue request, to tell an idempotent retry from a conflicting reuse. */
  fingerprint: string;
}

export function depositedAmount(account: VirtualAccount): number {
  return account.deposits.reduce((total, deposit) => total + deposit.amount, 0);
}

export function refundedAmount(account: VirtualAccount): number {
  return account.refunds.reduce((total, refund) => total + refund.amount, 0);
}

/**
 * - no deposit: 'waiting', or 'expired' once the clock is past expires_at;
 * - money after expires_at while the amount was not yet covered in time: 'late' (Kifu refunds it
 *   minus the fee, spec §9);
 * - otherwise the total against the amount: 'paid', 'short' or 'over'.
 */
export function accountStatus(account: VirtualAccount, now: Date): VirtualAccountStatus {
  if (account.deposits.length === 0) return now > account.expiresAt ? 'expired' : 'waiting';
  const expiry = account.expiresAt.getTime();
  const inTime = account.deposits.filter((deposit) => Date.parse(deposit.deposited_at) <= expiry);
  const inTimeTotal = inTime.reduce((total, deposit) => total + deposit.amount, 0);
  if (inTime.length < account.deposits.length && inTimeTotal < account.amount) return 'late';
  const total = depositedAmount(account);
  if (total === account.amount) return 'paid';
  return total < account.amount ? 'short' : 'over';
}

/** The account on the wire (see the protocol in ./index.ts). */
export function presentVirtualAccount(account: VirtualAccount, now: Date) {
  return {
    id: account.id,
    object: 'virtual_account' as const,
    bank_name: BANK.name,
    bank_name_en: BANK.nameEn,
    bank_code: BANK.code,
    branch_name: BANK.branchName,
    branch_name_en: BANK.branchNameEn,
    branch_code: BANK.branchCode,
    account_type: BANK.accountType,
    account_number: account.accountNumber,
    account_holder: account.holder.ja,
    account_holder_en: account.holder.en,
    amount: account.amount,
    deposited_amount: depositedAmount(account),
    expires_at: account.expiresAt.toISOString(),
    status: accountStatus(account, now),
    reference: account.reference,
    deposits: account.deposits.map((deposit) => ({ ...deposit })),
    refunded_amount: refundedAmount(account),
    refunds: account.refunds.map(({ idempotency_key: _key, ...refund }) => ({ ...refund })),
    closed_at: account.closedAt?.toISOString() ?? null,
    created_at: account.createdAt.toISOString(),
  };
}

export type VirtualAccountJson = ReturnType<typeof presentVirtualAccount>;
