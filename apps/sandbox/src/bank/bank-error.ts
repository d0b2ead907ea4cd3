// The bank's one error shape, `{error:{code, message}}`, for every 4xx/5xx of its JSON API.
import type { z } from 'zod';

export type BankErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'not_found'
  | 'reference_conflict'
  | 'idempotency_key_reused'
  | 'account_closed'
  | 'invalid_amount'
  | 'invalid_expiry'
  | 'invalid_holder_name'
  | 'refund_exceeds_deposits'
  | 'internal_error';

export class BankError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404 | 409 | 422 | 500,
    readonly code: BankErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function bankErrorBody(code: BankErrorCode, message: string) {
  return { error: { code, message } };
}

/** A zod failure as one readable line: `amount: Invalid input; reference: Required`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
}

/** A body or query checked against `schema`; anything else is a 400 invalid_request. */
export function parseBankRequest<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw new BankError(400, 'invalid_request', describeIssues(parsed.error));
  return parsed.data;
}
