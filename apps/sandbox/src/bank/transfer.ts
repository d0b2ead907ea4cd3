// Outgoing transfers (振込) from the merchant's account to a payee's, and the account check
// (口座名義照会) that shares their payee fields: how Kifu pays each associate what it is owed (ADR 073,
// ADR 074). A transfer is 'processing' when accepted and completes a moment later, as a Zengin
// transfer does: the payee's bank answers after the sender's has taken the order. The outcome comes
// from the test accounts (./test-accounts.ts) and is told by an event and a signed webhook.
import { z } from 'zod';
import type { SandboxContext } from '../shared/context';
import { BankError, parseBankRequest } from './bank-error';
import { newId, type BankStore, type TransferEvent } from './bank-store';
import { HOLDER_KANA } from './holder-name';
import { notifyMerchant } from './notify-merchant';
import { checkPayee, type AccountCheckResult } from './test-accounts';

/** How long, on the sandbox clock, a transfer stays 'processing' before its outcome. */
export const TRANSFER_COMPLETES_AFTER_MS = 1_000;
export const MAX_TRANSFER_AMOUNT = 999_999_999;

export const ACCOUNT_TYPES = ['ordinary', 'current', 'savings'] as const;
export type TransferFailureCode = Exclude<AccountCheckResult, 'match'>;

const FAILURE_MESSAGES: Record<TransferFailureCode, string> = {
  account_not_found: 'The payee bank has no such account.',
  account_closed: 'The payee account is closed.',
  holder_mismatch: 'The account holder does not match the name given.',
};

/** A payee account as a Japanese transfer form asks for it. */
export const payeeFields = {
  bank_code: z.string().regex(/^\d{4}$/, 'must be 4 digits'),
  branch_code: z.string().regex(/^\d{3}$/, 'must be 3 digits'),
  account_type: z.enum(ACCOUNT_TYPES),
  account_number: z.string().regex(/^\d{7}$/, 'must be 7 digits'),
  account_holder: z.string().regex(HOLDER_KANA, 'must be 1–30 full-width katakana, digits, capitals or bank symbols'),
};

const transferRequest = z
  .object({
    ...payeeFields,
    amount: z.number().int().min(1).max(MAX_TRANSFER_AMOUNT),
    reference: z.string().min(1).max(64),
  })
  .strict();
export type TransferRequest = z.infer<typeof transferRequest>;

export const accountCheckRequest = z.object(payeeFields).strict();

export interface Transfer extends TransferRequest {
  id: string;
  status: 'processing' | 'succeeded' | 'failed';
  failureCode: TransferFailureCode | null;
  createdAt: Date;
  /** When the sandbox clock lets the outcome be known. */
  completesAt: Date;
  completedAt: Date | null;
  idempotencyKey: string;
  /** The request as sent, to tell a retry from a reuse of the key for another transfer. */
  fingerprint: string;
}

/** The transfer on the wire (see the protocol in ./index.ts). */
export function presentTransfer(transfer: Transfer) {
  return {
    id: transfer.id,
    object: 'transfer' as const,
    bank_code: transfer.bank_code,
    branch_code: transfer.branch_code,
    account_type: transfer.account_type,
    account_number: transfer.account_number,
    account_holder: transfer.account_holder,
    amount: transfer.amount,
    reference: transfer.reference,
    status: transfer.status,
    failure_code: transfer.failureCode,
    failure_message: transfer.failureCode && FAILURE_MESSAGES[transfer.failureCode],
    created_at: transfer.createdAt.toISOString(),
    completed_at: transfer.completedAt?.toISOString() ?? null,
  };
}

export type TransferJson = ReturnType<typeof presentTransfer>;

export interface CreateTransferOutcome {
  transfer: Transfer;
  /** False when an earlier identical request is answered again. */
  created: boolean;
}

/**
 * POST /v1/transfers. The key is required because a transfer moves money out: a retry after a lost
 * answer must find the first transfer, never send a second one. The reference is unique as well,
 * so even a retry under another key cannot pay the same thing twice.
 */
export function createTransfer(
  context: SandboxContext,
  store: BankStore,
  body: unknown,
  idempotencyKey: string | undefined,
): CreateTransferOutcome {
  if (!idempotencyKey) throw new BankError(400, 'invalid_request', 'A transfer needs an Idempotency-Key.');
  const request = parseBankRequest(transferRequest, body);
  const fingerprint = JSON.stringify(Object.entries(request).sort(([a], [b]) => a.localeCompare(b)));
  const sameKey = store.findTransferByIdempotencyKey(idempotencyKey);
  if (sameKey) {
    if (sameKey.fingerprint !== fingerprint)
      throw new BankError(409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request.');
    return { transfer: refreshTransfer(context, store, sameKey), created: false };
  }
  if (store.findTransferByReference(request.reference))
    throw new BankError(409, 'reference_conflict', `Reference ${request.reference} was already sent under another Idempotency-Key.`);

  const now = context.clock.now();
  const transfer: Transfer = {
    ...request,
    id: newId('tr'),
    status: 'processing',
    failureCode: null,
    createdAt: now,
    completesAt: new Date(now.getTime() + TRANSFER_COMPLETES_AFTER_MS),
    completedAt: null,
    idempotencyKey,
    fingerprint,
  };
  store.addTransfer(transfer);
  context.activity.record('bank', 'transfer accepted', `¥${transfer.amount} to ${payeeLabel(transfer)} (${transfer.reference})`);
  // The timer completes it on time for webhook receivers; a read after the sandbox clock moved
  // past completesAt completes it at once (refreshTransfer), like the virtual accounts' expiry.
  store.later(TRANSFER_COMPLETES_AFTER_MS, () => completeTransfer(context, store, transfer));
  return { transfer, created: true };
}

/** Completes a transfer whose moment has come on the sandbox clock; called on every read. */
export function refreshTransfer(context: SandboxContext, store: BankStore, transfer: Transfer): Transfer {
  if (transfer.status === 'processing' && context.clock.now() >= transfer.completesAt) completeTransfer(context, store, transfer);
  return transfer;
}

function completeTransfer(context: SandboxContext, store: BankStore, transfer: Transfer): void {
  if (transfer.status !== 'processing') return;
  const { result } = checkPayee(transfer.account_number, transfer.account_holder);
  const now = context.clock.now();
  transfer.status = result === 'match' ? 'succeeded' : 'failed';
  transfer.failureCode = result === 'match' ? null : result;
  transfer.completedAt = now;
  const event: TransferEvent = {
    id: newId('evt'),
    type: transfer.status === 'succeeded' ? 'transfer.succeeded' : 'transfer.failed',
    created_at: now.toISOString(),
    data: { transfer: presentTransfer(transfer) },
  };
  store.events.push(event);
  context.activity.record(
    'bank',
    `transfer ${transfer.status}`,
    `¥${transfer.amount} to ${payeeLabel(transfer)}${transfer.failureCode ? ` (${transfer.failureCode})` : ''}`,
  );
  notifyMerchant(context, event);
}

function payeeLabel(transfer: TransferRequest): string {
  return `${transfer.bank_code}-${transfer.branch_code} ${transfer.account_number} ${transfer.account_holder}`;
}
