// POST /v1/virtual-accounts: one account per merchant reference. Retrying with the same reference
// and the same body returns the account already issued, so a crash between the bank's answer and
// Kifu's commit never issues two accounts for one donation (providers.md "Reliability rules").
import { z } from 'zod';
import { DEFAULT_HOLDER, MAX_ACCOUNT_AMOUNT, MAX_EXPIRY_DAYS } from './bank-identity';
import { BankError, describeIssues } from './bank-error';
import { newId, type BankStore } from './bank-store';
import { HOLDER_KANA } from './holder-name';
import { romaniseKatakana } from './romanise-katakana';
import type { VirtualAccount } from './virtual-account';

const issueRequest = z
  .object({
    amount: z.number(),
    reference: z.string().min(1).max(100),
    expires_at: z.iso.datetime({ offset: true }).optional(),
    expires_in_days: z.number().optional(),
    holder_name: z.string().optional(),
    holder_name_en: z.string().optional(),
  })
  .strict();

const HOLDER_LATIN = /^[A-Za-z0-9 ().,&'/-]{1,48}$/;
const DAY_MS = 86_400_000;
const JST_OFFSET_MS = 9 * 3_600_000;

/** Last second of the Japanese calendar day `days` from now: transfer deadlines are dates in JST. */
export function endOfJstDay(now: Date, days: number): Date {
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  return new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), jst.getUTCDate() + days, 23, 59, 59) - JST_OFFSET_MS);
}

export interface IssueOutcome {
  account: VirtualAccount;
  /** False when an earlier identical request is answered again. */
  created: boolean;
}

export function issueVirtualAccount(store: BankStore, body: unknown, idempotencyKey: string | undefined, now: Date): IssueOutcome {
  const parsed = issueRequest.safeParse(body ?? {});
  if (!parsed.success) throw new BankError(400, 'invalid_request', describeIssues(parsed.error));
  const request = parsed.data;
  if ((request.expires_at === undefined) === (request.expires_in_days === undefined)) {
    throw new BankError(400, 'invalid_request', 'Give exactly one of expires_at and expires_in_days.');
  }
  if (!Number.isInteger(request.amount) || request.amount < 1 || request.amount > MAX_ACCOUNT_AMOUNT) {
    throw new BankError(422, 'invalid_amount', `amount must be an integer number of yen from 1 to ${MAX_ACCOUNT_AMOUNT}.`);
  }
  if (request.holder_name !== undefined && !HOLDER_KANA.test(request.holder_name)) {
    throw new BankError(422, 'invalid_holder_name', 'holder_name must be 1–30 katakana, digits, capitals or bank symbols.');
  }
  if (request.holder_name_en !== undefined && !HOLDER_LATIN.test(request.holder_name_en)) {
    throw new BankError(422, 'invalid_holder_name', "holder_name_en must be 1–48 Latin letters, digits, spaces or ().,&'/-.");
  }

  const fingerprint = JSON.stringify([
    request.amount,
    request.reference,
    request.expires_at === undefined ? null : new Date(request.expires_at).toISOString(),
    request.expires_in_days ?? null,
    request.holder_name ?? null,
    request.holder_name_en ?? null,
  ]);
  const sameKey = idempotencyKey === undefined ? undefined : store.findByIdempotencyKey(idempotencyKey);
  if (sameKey) {
    if (sameKey.fingerprint !== fingerprint)
      throw new BankError(409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request.');
    return { account: sameKey, created: false };
  }
  const sameReference = store.findByReference(request.reference);
  if (sameReference) {
    if (sameReference.fingerprint !== fingerprint) {
      throw new BankError(
        409,
        'reference_conflict',
        `Reference ${request.reference} already has an account issued with different details.`,
      );
    }
    return { account: sameReference, created: false };
  }

  const expiresAt = expiry(request, now);
  const holder = request.holder_name
    ? { ja: request.holder_name, en: request.holder_name_en ?? romaniseKatakana(request.holder_name) }
    : { ja: DEFAULT_HOLDER.ja, en: request.holder_name_en ?? DEFAULT_HOLDER.en };
  const account: VirtualAccount = {
    id: newId('va'),
    accountNumber: store.allocateAccountNumber(),
    amount: request.amount,
    expiresAt,
    holder,
    reference: request.reference,
    deposits: [],
    refunds: [],
    createdAt: now,
    closedAt: undefined,
    fingerprint,
  };
  store.add(account, idempotencyKey);
  return { account, created: true };
}

function expiry(request: { expires_at?: string; expires_in_days?: number }, now: Date): Date {
  if (request.expires_in_days !== undefined) {
    const days = request.expires_in_days;
    if (!Number.isInteger(days) || days < 0 || days > MAX_EXPIRY_DAYS) {
      throw new BankError(422, 'invalid_expiry', `expires_in_days must be an integer from 0 to ${MAX_EXPIRY_DAYS}.`);
    }
    return endOfJstDay(now, days);
  }
  const at = new Date(request.expires_at!);
  if (at <= now || at.getTime() - now.getTime() > MAX_EXPIRY_DAYS * DAY_MS) {
    throw new BankError(422, 'invalid_expiry', `expires_at must be in the future and at most ${MAX_EXPIRY_DAYS} days away.`);
  }
  return at;
}
