// What the omise SDK rejects with, as a ProviderError. The SDK hands over the parsed error body
// (`{object:'error', location, code, message}`) without the HTTP status, so the status comes from
// Omise's list of codes (https://docs.opn.ooo/api-errors); a raw string when the body was not JSON
// (a proxy's HTML page); or Node's socket error when the connection failed.
import { PROVIDER_INVALID_RESPONSE, PROVIDER_NETWORK_ERROR, ProviderError } from '../provider-error';

export const CARD_PROVIDER = 'card';

const OMISE_ERROR_STATUS: Record<string, number> = {
  authentication_failure: 401,
  key_expired_error: 403,
  locked_account_error: 403,
  not_found: 404,
  service_not_found: 404,
  invalid_card: 422,
  invalid_card_token: 422,
  failed_fraud_check: 422,
  too_many_requests: 429,
  rate_limit_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/** 400 codes Omise documents as worth trying again (backend_error: "Please try again"). */
const RETRYABLE_CODES = new Set(['backend_error']);

interface OmiseErrorBody {
  object: 'error';
  code: string;
  message?: string;
}

function isOmiseErrorBody(value: unknown): value is OmiseErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { object?: unknown }).object === 'error' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}

export function toCardProviderError(reason: unknown): ProviderError {
  if (reason instanceof ProviderError) return reason;
  if (isOmiseErrorBody(reason)) {
    // Every other code Omise answers with an error object is a 400 Bad Request.
    const httpStatus = OMISE_ERROR_STATUS[reason.code] ?? 400;
    const retryable = httpStatus >= 500 || httpStatus === 429 || RETRYABLE_CODES.has(reason.code);
    return new ProviderError(CARD_PROVIDER, reason.code, reason.message ?? reason.code, { httpStatus, retryable });
  }
  const socketCode = (reason as { code?: unknown } | null)?.code;
  if (reason instanceof Error && typeof socketCode === 'string') {
    return new ProviderError(CARD_PROVIDER, PROVIDER_NETWORK_ERROR, `connection to the card provider failed (${socketCode})`, {
      retryable: true,
      cause: reason,
    });
  }
  // Never echo the body itself: it is whatever sat between us and the provider.
  return new ProviderError(
    CARD_PROVIDER,
    PROVIDER_INVALID_RESPONSE,
    'the card provider answered with something that is not an Omise object',
    {
      retryable: true,
      cause: reason instanceof Error ? reason : undefined,
    },
  );
}
