// A simulated transfer into a virtual account: the tester (or a test) says how much, or just what
// kind of transfer — exact, short, over, late — and the bank books it and tells Kifu with a signed
// webhook, as a real net bank notifies its merchant of each incoming transfer (入金通知).
import { z } from 'zod';
import type { SandboxContext } from '../shared/context';
import { DEFAULT_DEPOSITOR_NAME, DEPOSIT_MISS } from './bank-identity';
import { BankError, describeIssues } from './bank-error';
import { newId, type BankStore, type DepositedEvent } from './bank-store';
import { notifyMerchant } from './notify-merchant';
import { depositedAmount, presentVirtualAccount, type Deposit, type VirtualAccount } from './virtual-account';

export const DEPOSIT_KINDS = ['exact', 'short', 'over', 'late'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const depositRequest = z
  .object({
    amount: z.number().int().min(1).max(999_999_999).optional(),
    kind: z.enum(DEPOSIT_KINDS).optional(),
    depositor_name: z.string().trim().min(1).max(48).optional(),
  })
  .strict();
export type DepositRequest = z.infer<typeof depositRequest>;

/** How long after the expiry a 'late' deposit lands. */
const LATE_BY_MS = 60_000;

export function parseDepositRequest(body: unknown): DepositRequest {
  const parsed = depositRequest.safeParse(body ?? {});
  if (!parsed.success) throw new BankError(400, 'invalid_request', describeIssues(parsed.error));
  return parsed.data;
}

/**
 * Kinds are relative to what is still owed, so "short" then "exact" pays an account in full; once
 * nothing is owed they are relative to the whole amount again (a donor paying twice). An explicit
 * amount wins over the kind, which then only decides the timing ('late').
 */
export function depositAmount(account: VirtualAccount, kind: DepositKind): number {
  const owed = account.amount - depositedAmount(account);
  const base = owed > 0 ? owed : account.amount;
  if (kind === 'short') return base > DEPOSIT_MISS ? base - DEPOSIT_MISS : Math.max(1, Math.floor(base / 2));
  if (kind === 'over') return base + DEPOSIT_MISS;
  return base;
}

export function recordDeposit(context: SandboxContext, store: BankStore, account: VirtualAccount, request: DepositRequest): DepositedEvent {
  if (account.closedAt) throw new BankError(409, 'account_closed', `Account ${account.id} is closed and accepts no deposits.`);
  const now = context.clock.now();
  const kind = request.kind ?? 'exact';
  const lateAt = new Date(Math.max(now.getTime(), account.expiresAt.getTime() + LATE_BY_MS));
  const deposit: Deposit = {
    id: newId('dep'),
    amount: request.amount ?? depositAmount(account, kind),
    depositor_name: request.depositor_name ?? DEFAULT_DEPOSITOR_NAME,
    deposited_at: (kind === 'late' ? lateAt : now).toISOString(),
  };
  account.deposits.push(deposit);
  const virtualAccount = presentVirtualAccount(account, now);
  const event: DepositedEvent = {
    id: newId('evt'),
    type: 'virtual_account.deposited',
    created_at: now.toISOString(),
    data: { virtual_account: virtualAccount, deposit: { ...deposit } },
  };
  store.events.push(event);
  context.activity.record(
    'bank',
    'deposit',
    `¥${deposit.amount} into ${account.accountNumber} (${account.reference}) → ${virtualAccount.status}`,
  );
  notifyMerchant(context, event);
  return event;
}
