// The bank's JSON as it comes over the wire (apps/sandbox/src/bank/index.ts, modelled on Japanese
// net banks' virtual-account APIs), checked with zod so a proxy page or a changed field becomes a
// ProviderError instead of a half-read account, and mapped to the neutral types of bank-gateway.ts.
import { z } from 'zod';
import type { BankEvent, BankVirtualAccount } from './bank-gateway';

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

export function toBankEvent(json: z.infer<typeof eventJson>): BankEvent {
  return {
    id: json.id,
    type: json.type,
    createdAt: json.created_at,
    virtualAccountId: json.data?.virtual_account?.id ?? null,
    payload: json,
  };
}

/** The account id a stored event (webhook or pulled) names, if any. */
export function virtualAccountIdOf(payload: unknown): string | undefined {
  const id = (payload as { data?: { virtual_account?: { id?: unknown } } } | null)?.data?.virtual_account?.id;
  return typeof id === 'string' && /^va_[0-9A-Za-z_]+$/.test(id) ? id : undefined;
}
