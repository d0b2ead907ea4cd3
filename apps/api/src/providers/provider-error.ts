// One error type for every third-party adapter (card, wallet, bank, bot check): whatever the SDK or
// HTTP client threw becomes a ProviderError with the provider's own code and message, so routes and
// jobs decide on two questions only: did the provider refuse this request (the caller's input is
// wrong: 422), or could it not answer (retry later: 502, or a job retry with backoff)?
import { AppError } from '../lib/app-error';

export interface ProviderErrorOptions {
  /** The provider's HTTP status, when it answered at all. */
  httpStatus?: number;
  /** True when the same request may succeed later: timeouts, network errors, 5xx, 429. */
  retryable: boolean;
  cause?: unknown;
}

/** Codes the adapters themselves give to failures that never reached a provider's answer. */
export const PROVIDER_TIMEOUT = 'timeout';
export const PROVIDER_NETWORK_ERROR = 'network_error';
export const PROVIDER_INVALID_RESPONSE = 'invalid_response';

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly httpStatus: number | undefined;
  readonly retryable: boolean;

  constructor(
    readonly provider: string,
    readonly code: string,
    message: string,
    options: ProviderErrorOptions,
  ) {
    super(message, { cause: options.cause });
    this.httpStatus = options.httpStatus;
    this.retryable = options.retryable;
  }

  get timedOut(): boolean {
    return this.code === PROVIDER_TIMEOUT;
  }

  /**
   * The provider refused this request for a reason the caller can fix (a bad or used token, a card
   * the issuer declines). Not: our own credentials refused (401/403), rate limits, or outages.
   */
  get rejectedRequest(): boolean {
    const status = this.httpStatus;
    return !this.retryable && status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
  }
}

/**
 * Races `operation` against `timeoutMs`: SDKs without a timeout of their own (the omise SDK has
 * none) would otherwise hold a request, and the supporter, for as long as the socket stays open.
 * The late answer is ignored; the operation's own rejection is still observed, so it never
 * surfaces as an unhandled rejection.
 */
export async function withProviderTimeout<T>(provider: string, timeoutMs: number, operation: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ProviderError(provider, PROVIDER_TIMEOUT, `${provider} provider did not answer within ${timeoutMs} ms (timed out)`, {
            retryable: true,
          }),
        ),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([operation, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The API error a route answers for a provider failure. `detail` carries the provider's code and
 * message ("invalid_card: number is invalid") because the web picks its ja/en message by matching
 * words of the detail (packages/domain donation-errors.ts). Outages keep the provider's internals
 * (hosts, ports) out of the body but say "timed out" when they did, for the timeout message.
 */
export function providerErrorToAppError(error: ProviderError): AppError {
  if (error.rejectedRequest) return new AppError('unprocessable', `${error.code}: ${error.message}`);
  if (error.timedOut) return new AppError('bad_gateway', `${PROVIDER_TIMEOUT}: the ${error.provider} provider timed out`);
  return new AppError('bad_gateway', `${error.code}: the ${error.provider} provider is unavailable`);
}
