// The bank's JSON as it comes over the wire (apps/sandbox/src/bank/index.ts, modelled on Japanese
// net banks' virtual-account APIs), checked with zod so a proxy page or a changed field becomes a
// ProviderError instead of a half-read account, and mapped to the neutral types of bank-gateway.ts.
import { z } from 'zod';
import type { BankAccountCheck, BankEvent, BankPayee, BankTransfer, BankVirtualAccount } from './bank-gateway';

const isoTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not an ISO time');

const depositJson = z.object({
  id: z.string(),
  amount: z.number().int(),
  depositor_name: z.string(),
  deposited_at: isoTime,
});

export const virtualAccountJson = z.object({
  id: z.string().min(1),
  object: z.literal('virtual_account'),
  bank_name: z.string(),
  bank_name_en: z.string(),
  bank_code: z.string(),
  branch_name: z.string(),
  branch_name_en: z.string(),
  branch_code: z.string(),
  account_type: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  account_holder_en: z.string(),
  amount: z.number().int(),
  deposited_amount: z.number().int(),
  expires_at: isoTime,
  status: z.enum(['waiting', 'short', 'paid', 'over', 'expired', 'late']),
  reference: z.string(),
  deposits: z.array(depositJson),
  closed_at: isoTime.nullable(),
  created_at: isoTime,
});

/** A refund the bank sent (its account is embedded; only the refund's own fields are read). */
export const refundJson = z.object({
  object: z.literal('refund'),
  id: z.string().min(1),
  amount: z.number().int(),
  to: z.string(),
  refunded_at: isoTime,
});

const transferFailure = z.enum(['account_not_found', 'account_closed', 'holder_mismatch']);

export const transferJson = z.object({
  id: z.string().min(1),
  object: z.literal('transfer'),
  bank_code: z.string(),
  branch_code: z.string(),
  account_type: z.enum(['ordinary', 'current', 'savings']),
  account_number: z.string(),
  account_holder: z.string(),
  amount: z.number().int(),
  reference: z.string(),
  status: z.enum(['processing', 'succeeded', 'failed']),
  failure_code: transferFailure.nullable(),
  created_at: isoTime,
  completed_at: isoTime.nullable(),
});

export const transferListJson = z.object({ object: z.literal('list'), data: z.array(transferJson), has_more: z.boolean() });

export const accountCheckJson = z.object({
  object: z.literal('account_check'),
  result: z.union([z.literal('match'), transferFailure]),
  registered_holder: z.string().optional(),
});

export const virtualAccountListJson = z.object({ object: z.literal('list'), data: z.array(virtualAccountJson), has_more: z.boolean() });

/** Only what identifies an event is required: the rest is kept verbatim for the inbox. */
const eventJson = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  created_at: isoTime,
  data: z.looseObject({ virtual_account: z.looseObject({ id: z.string() }).optional() }).optional(),
});

export const eventListJson = z.object({ object: z.literal('list'), data: z.array(eventJson), has_more: z.boolean() });

/** `{error:{code, message}}`, the bank's one error shape. */
export const errorJson = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export function toBankVirtualAccount(json: z.infer<typeof virtualAccountJson>): BankVirtualAccount {
  return {
    id: json.id,
    reference: json.reference,
    bankName: json.bank_name,
    bankNameEn: json.bank_name_en,
    bankCode: json.bank_code,
    branchName: json.branch_name,
    branchNameEn: json.branch_name_en,
    branchCode: json.branch_code,
    accountType: json.account_type,
    accountNumber: json.account_number,
    accountHolder: json.account_holder,
    accountHolderEn: json.account_holder_en,
    amount: json.amount,
    depositedAmount: json.deposited_amount,
    expiresAt: new Date(json.expires_at),
    status: json.status,
    deposits: json.deposits.map((deposit) => ({
      id: deposit.id,
      amount: deposit.amount,
      depositorName: deposit.depositor_name,
      depositedAt: new Date(deposit.deposited_at),
    })),
    closedAt: json.closed_at === null ? null : new Date(json.closed_at),
    createdAt: new Date(json.created_at),
  };
}

/** The payee fields as the bank names them. */
export function payeeBody(payee: BankPayee) {
  return {
    bank_code: payee.bankCode,
    branch_code: payee.branchCode,
    account_type: payee.accountType,
    account_number: payee.accountNumber,
    account_holder: payee.accountHolder,
  };
}

export function toBankTransfer(json: z.infer<typeof transferJson>): BankTransfer {
  return {
    id: json.id,
    bankCode: json.bank_code,
    branchCode: json.branch_code,
    accountType: json.account_type,
    accountNumber: json.account_number,
    accountHolder: json.account_holder,
    amount: json.amount,
    reference: json.reference,
    status: json.status,
    failureCode: json.failure_code,
    createdAt: new Date(json.created_at),
    completedAt: json.completed_at === null ? null : new Date(json.completed_at),
  };
}

export function toBankAccountCheck(json: z.infer<typeof accountCheckJson>): BankAccountCheck {
  return { result: json.result, registeredHolder: json.registered_holder ?? null };
}

export function toBankEvent(json: z.infer<typeof eventJson>): BankEvent {
  return {
    id: json.id,
    type: json.type,
    createdAt: json.created_at,
    virtualAccountId: json.data?.virtual_account?.id ?? null,
    payload: json,
  };
}

/** The outgoing transfer a stored `transfer.*` event names, if any (ADR 074). */
export function transferIdOf(payload: unknown): string | undefined {
  const id = (payload as { data?: { transfer?: { id?: unknown } } } | null)?.data?.transfer?.id;
  return typeof id === 'string' && /^tr_[0-9A-Za-z_]+$/.test(id) ? id : undefined;
}

/** The account id a stored event (webhook or pulled) names, if any. */
export function virtualAccountIdOf(payload: unknown): string | undefined {
  const id = (payload as { data?: { virtual_account?: { id?: unknown } } } | null)?.data?.virtual_account?.id;
  return typeof id === 'string' && /^va_[0-9A-Za-z_]+$/.test(id) ? id : undefined;
}
