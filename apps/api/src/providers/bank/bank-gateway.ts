// What Kifu needs from the bank that issues virtual accounts for bank transfers, and that sends
// associates their payouts and checks their accounts (ADR 074), in its own words (providers.md
// "Bank transfer"; spec §3 "Virtual bank account", §9: an ordinary account at an online bank, with
// an expiration date). The HTTP adapter implements it; payments, jobs and tests
// depend on this interface only. Every method rejects with a ProviderError (provider 'bank').

/** provider_events.provider and virtual_accounts.provider of this bank. */
export const BANK_PROVIDER = 'bank';

/**
 * The bank's own verdict, derived by the bank from its deposits and its clock:
 * waiting — nothing arrived yet; short | paid | over — the in-time total against the amount;
 * expired — past the deadline with no deposit; late — money arrived after the deadline while the
 * amount was not covered in time.
 */
export type BankAccountStatus = 'waiting' | 'short' | 'paid' | 'over' | 'expired' | 'late';

export interface BankDeposit {
  id: string;
  /** Yen. */
  amount: number;
  depositorName: string;
  /** When the bank booked it: deposits after `expiresAt` are late. */
  depositedAt: Date;
}

/** The bank's cumulative snapshot of one account: the only source of truth for its state. */
export interface BankVirtualAccount {
  id: string;
  /** Kifu's reference, one account per reference. */
  reference: string;
  bankName: string;
  bankNameEn: string;
  bankCode: string;
  branchName: string;
  branchNameEn: string;
  branchCode: string;
  /** 'ordinary' (普通) for every virtual account (spec §9). */
  accountType: string;
  accountNumber: string;
  accountHolder: string;
  accountHolderEn: string;
  /** Yen due. */
  amount: number;
  /** Sum of every deposit, in time or not. */
  depositedAmount: number;
  expiresAt: Date;
  status: BankAccountStatus;
  /** Oldest first. */
  deposits: BankDeposit[];
  closedAt: Date | null;
  createdAt: Date;
}

export interface IssueVirtualAccountInput {
  amount: number;
  /** One account per reference: issuing again with it returns the account already issued. */
  reference: string;
  expiresAt: Date;
  /** Katakana; the bank's default holder (the merchant's name) when absent. */
  holderName?: string;
}

/** Money the bank sent back to the depositor. */
export interface BankRefund {
  id: string;
  amount: number;
  to: string;
  refundedAt: Date;
}

/** An event from the bank's event log: the same body a webhook delivers. */
export interface BankEvent {
  id: string;
  type: string;
  /** ISO time in the bank's clock; the events list is ordered by it. */
  createdAt: string;
  /** The account the event is about, when it names one. */
  virtualAccountId: string | null;
  /** The event as the bank sent it, for the webhook inbox (provider_events.payload). */
  payload: Record<string, unknown>;
}

/** A payee account as Japanese transfer forms ask for it (ADR 074). */
export interface BankPayee {
  /** 4 digits (統一金融機関コード). */
  bankCode: string;
  /** 3 digits. */
  branchCode: string;
  accountType: 'ordinary' | 'current' | 'savings';
  /** 7 digits. */
  accountNumber: string;
  /** Full-width katakana as the bank prints it (全銀 characters). */
  accountHolder: string;
}

export interface CreateTransferInput extends BankPayee {
  /** Yen, at least 1. */
  amount: number;
  /** Unique per transfer (1–64 characters); the idempotency key is derived from it. */
  reference: string;
}

/** Why the payee's bank sent a transfer back. */
export type BankTransferFailure = 'account_not_found' | 'account_closed' | 'holder_mismatch';

/** An outgoing transfer: 'processing' until the payee's bank answers, then final. */
export interface BankTransfer extends CreateTransferInput {
  id: string;
  status: 'processing' | 'succeeded' | 'failed';
  failureCode: BankTransferFailure | null;
  createdAt: Date;
  completedAt: Date | null;
}

/** The bank's answer to 口座名義照会: the holder on record only for an open account. */
export interface BankAccountCheck {
  result: 'match' | BankTransferFailure;
  registeredHolder: string | null;
}

export interface BankGateway {
  /** Idempotent by reference (and sends an Idempotency-Key): a retry gets the account issued first. */
  issueVirtualAccount(input: IssueVirtualAccountInput): Promise<BankVirtualAccount>;
  retrieveVirtualAccount(id: string): Promise<BankVirtualAccount>;
  findByReference(reference: string): Promise<BankVirtualAccount | null>;
  /** Stops further deposits (a cancelled donation); closing twice is harmless. */
  closeVirtualAccount(id: string): Promise<BankVirtualAccount>;
  /** Every event created at or after `since` (all when undefined), oldest first, across pages. */
  listEventsSince(since: string | undefined): Promise<BankEvent[]>;
  /** Sends `amount` back to the depositor; the same idempotency key answers the same refund. */
  refund(accountId: string, amount: number, idempotencyKey: string): Promise<BankRefund>;
  /**
   * Sends `amount` to the payee. The Idempotency-Key is derived from the reference, so a retry
   * after a timeout, a 5xx or a crash gets the transfer sent first, never a second one.
   */
  createTransfer(input: CreateTransferInput): Promise<BankTransfer>;
  getTransfer(id: string): Promise<BankTransfer>;
  findTransferByReference(reference: string): Promise<BankTransfer | null>;
  /** Whether the account exists, is open and is held by that name, before a form saves it. */
  checkAccount(payee: BankPayee): Promise<BankAccountCheck>;
}
