// The bank-transfer payment state of a donation (architecture.md §4: one module per payment method
// holds its state machine). The webhook job, the event pull and the expiry sweep all converge on
// `applyBankAccountState`, and its input is always the account RE-FETCHED from the bank: the bank's
// cumulative snapshot (every deposit so far, and its own in-time/late verdict), never a webhook's
// copy, so duplicate, stale and out-of-order events can only ever re-apply the newest truth.
//
// Donation (spec §4 "Bank transfer (single only)", §9):
//   pending ─────────── account issued (open-virtual-account.ts) ──▶ awaiting_transfer
//   awaiting_transfer ─ bank: paid | over (covered by the deadline) ─▶ paid
//                         paid_at = the deposit that covered the amount; commission and
//                         transfer_amount from the domain fee; an excess is refunded in full
//   awaiting_transfer ─ bank: waiting | short (before the deadline) ─▶ awaiting_transfer
//   awaiting_transfer ─ bank: expired (no deposit by the deadline) ──▶ expired
//   awaiting_transfer ─ bank: short, and our clock is past the deadline + SHORT_EXPIRY_GRACE_MS
//                         (the bank keeps saying 'short' for ever, so time decides) ──▶ expired
//   awaiting_transfer ─ bank: late (money after the deadline, amount not covered in time) ─▶ expired
//   paid, expired: final. A later deposit only moves the virtual account (paid → over, expired →
//   late) and what is due back; the donation never changes again.
//
// Virtual account (virtual_accounts, mirroring the bank's snapshot):
//   issued ← waiting; short ← short; paid ← paid; over ← over; expired ← expired, or short past the
//   deadline; late ← late. deposited_amount = the bank's total; paid_at = when the amount was covered.
//   refund_due_amount:
//     over              deposited − amount (the gift is its amount; the excess goes back in full)
//     expired | late    deposited − fee, fee = platformFee(deposited) (see refundAfterExpiry)
//     otherwise         0
//   A snapshot older than what is stored (less deposited, or as much but less settled) is ignored.
import { paidAmounts } from '../../donations/paid-amounts';
import { and, eq, lte, sql } from 'drizzle-orm';
import { platformFee } from '@kifu/domain';
import type { Database } from '../../db/client';
import { donations, virtualAccounts } from '../../db/schema/index';
import { BANK_PROVIDER, type BankVirtualAccount } from '../../providers/bank/bank-gateway';

/** donations.payment_provider and virtual_accounts.provider of bank transfers. */
export const BANK_TRANSFER_PROVIDER = BANK_PROVIDER;

/**
 * How long after the deadline a 'short' account is still given the benefit of the doubt: the bank
 * books deposits against its own clock, and ours may run ahead of it.
 */
export const SHORT_EXPIRY_GRACE_MS = 60 * 60_000;

export type VirtualAccountStatus = (typeof virtualAccounts.$inferSelect)['status'];
type DonationStatus = (typeof donations.$inferSelect)['status'];
export type BankTransferDonationStatus = Extract<DonationStatus, 'awaiting_transfer' | 'paid' | 'expired'>;

export interface BankTransferState {
  donation: BankTransferDonationStatus;
  account: {
    status: VirtualAccountStatus;
    depositedAmount: number;
    refundDueAmount: number;
    /** When the deposits first covered the amount; null unless paid or over. */
    paidAt: Date | null;
  };
}

/**
 * Spec §9: "payment after it [the expiration date] may be refunded minus the fee". The fee is the
 * platform fee the same money would have carried as a gift (domain `platformFee`: commission rate,
 * 0.06 for campaigns, times 1 + consumption tax, floored), computed on what actually arrived: the
 * supporter gets back the money less exactly what a paid gift of that size would have cost them, and
 * flooring rounds in their favour. It applies to everything received for a donation that expired,
 * short in-time deposits included, since none of it became a gift.
 */
export function refundAfterExpiry(deposited: number, options: { campaign: boolean }): number {
  return deposited - platformFee(deposited, options);
}

/** The deposit that brought the total to the amount (deposits in booking order). */
function coveredAt(account: BankVirtualAccount): Date | null {
  let total = 0;
  const inOrder = [...account.deposits].sort((a, b) => a.depositedAt.getTime() - b.depositedAt.getTime());
  for (const deposit of inOrder) {
    total += deposit.amount;
    if (total >= account.amount) return deposit.depositedAt;
  }
  return null;
}

/** Pure: where the bank's snapshot puts the donation and its virtual account. */
export function deriveBankTransferState(account: BankVirtualAccount, options: { campaign: boolean; now: Date }): BankTransferState {
  const deposited = account.depositedAmount;
  const expiredWith = (status: 'expired' | 'late'): BankTransferState => ({
    donation: 'expired',
    account: {
      status,
      depositedAmount: deposited,
      refundDueAmount: deposited > 0 ? refundAfterExpiry(deposited, options) : 0,
      paidAt: null,
    },
  });
  switch (account.status) {
    case 'waiting':
      return { donation: 'awaiting_transfer', account: { status: 'issued', depositedAmount: deposited, refundDueAmount: 0, paidAt: null } };
    case 'short':
      if (options.now.getTime() > account.expiresAt.getTime() + SHORT_EXPIRY_GRACE_MS) return expiredWith('expired');
      return { donation: 'awaiting_transfer', account: { status: 'short', depositedAmount: deposited, refundDueAmount: 0, paidAt: null } };
    case 'paid':
    case 'over':
      return {
        donation: 'paid',
        account: {
          status: account.status,
          depositedAmount: deposited,
          refundDueAmount: Math.max(0, deposited - account.amount),
          paidAt: coveredAt(account) ?? options.now,
        },
      };
    case 'expired':
    case 'late':
      return expiredWith(account.status);
  }
}

/** How far along an account is, to refuse a snapshot older than the stored one at equal deposits. */
const SETTLEDNESS: Record<VirtualAccountStatus, number> = { issued: 0, short: 1, paid: 2, over: 2, expired: 2, late: 2 };

type Stored = Pick<typeof virtualAccounts.$inferSelect, 'status' | 'depositedAmount' | 'refundDueAmount' | 'paidAt'>;

function isOlderThan(target: BankTransferState['account'], stored: Stored): boolean {
  if (target.depositedAmount !== stored.depositedAmount) return target.depositedAmount < stored.depositedAmount;
  return SETTLEDNESS[target.status] < SETTLEDNESS[stored.status];
}

function sameAs(target: BankTransferState['account'], stored: Stored): boolean {
  return (
    target.status === stored.status &&
    target.depositedAmount === stored.depositedAmount &&
    target.refundDueAmount === stored.refundDueAmount &&
    (target.paidAt?.getTime() ?? null) === (stored.paidAt?.getTime() ?? null)
  );
}

export type BankTransferOutcome =
  | { outcome: 'unknown_account'; accountId: string }
  | {
      /** settled: the donation left awaiting_transfer now; updated: only the account moved;
       * unchanged: nothing to do; conflict: the bank contradicts a final donation (a person looks). */
      outcome: 'settled' | 'updated' | 'unchanged' | 'conflict';
      accountId: string;
      donationId: number;
      donationStatus: DonationStatus;
      accountStatus: VirtualAccountStatus;
    };

export type SettledBankTransfer = { donationId: number; status: 'paid' | 'expired' };

export interface ApplyBankAccountOptions {
  now?: Date;
  /** Runs inside the same transaction, only when the donation left awaiting_transfer (reward stock, totals, mail). */
  afterSettle?: (tx: Database, settled: SettledBankTransfer, account: BankVirtualAccount) => Promise<void>;
}

/**
 * Applies the bank's snapshot of one account to its virtual_accounts row and donation in one
 * transaction. Both rows are locked, and each UPDATE is conditional (the account only forward, the
 * donation only out of awaiting_transfer), so concurrent or repeated calls settle a donation once.
 */
export async function applyBankAccountState(
  db: Database,
  account: BankVirtualAccount,
  options: ApplyBankAccountOptions = {},
): Promise<BankTransferOutcome> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.provider, BANK_TRANSFER_PROVIDER), eq(virtualAccounts.providerAccountId, account.id)))
      .for('update');
    if (!stored) return { outcome: 'unknown_account', accountId: account.id };
    const [donation] = await tx
      .select({
        id: donations.id,
        status: donations.status,
        amount: donations.amount,
        campaignId: donations.campaignId,
        discountAmount: donations.discountAmount,
      })
      .from(donations)
      .where(eq(donations.id, stored.donationId))
      .for('update');
    if (!donation) throw new Error(`virtual account ${stored.id} has no donation`);

    const target = deriveBankTransferState(account, { campaign: donation.campaignId !== null, now });
    let outcome: 'settled' | 'updated' | 'unchanged' | 'conflict' = 'unchanged';
    let accountStatus = stored.status;

    if (!isOlderThan(target.account, stored) && !sameAs(target.account, stored)) {
      const [moved] = await tx
        .update(virtualAccounts)
        .set(target.account)
        .where(and(eq(virtualAccounts.id, stored.id), lte(virtualAccounts.depositedAmount, target.account.depositedAmount)))
        .returning({ status: virtualAccounts.status });
      if (moved) {
        outcome = 'updated';
        accountStatus = moved.status;
      }
    }

    let donationStatus = donation.status;
    if (donation.status === 'awaiting_transfer' && target.donation !== 'awaiting_transfer') {
      const changes =
        target.donation === 'paid'
          ? { status: target.donation, paidAt: target.account.paidAt, ...paidAmounts(donation), reasonOfPaymentFailed: null }
          : { status: target.donation, reasonOfPaymentFailed: target.account.status === 'late' ? 'transfer_late' : 'transfer_expired' };
      const [settled] = await tx
        .update(donations)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(donations.id, donation.id), eq(donations.status, 'awaiting_transfer')))
        .returning({ status: donations.status });
      if (settled) {
        outcome = 'settled';
        donationStatus = settled.status;
        await options.afterSettle?.(tx, { donationId: donation.id, status: target.donation }, account);
      }
    } else if (donation.status !== target.donation && target.donation !== 'awaiting_transfer') {
      // The bank says paid while we expired it (or the reverse): clocks apart by more than the grace.
      outcome = 'conflict';
    }
    return { outcome, accountId: account.id, donationId: donation.id, donationStatus, accountStatus };
  });
}
