// The wallet provider's API over fetch, every request signed (request-signature.ts). Failures
// become ProviderErrors: the provider's reasonCode and message for its answers ({reasonCode,
// message}, https://developer.amazon.com/docs/amazon-pay-api-v2/error-handling.html), 'timeout'
// after PROVIDER_TIMEOUT_MS, 'network_error' when it cannot be reached.
import { requestProviderJson } from '../provider-http';
import { createHash, createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config/env';
import { PROVIDER_INVALID_RESPONSE, ProviderError } from '../provider-error';
import { signRequest } from './request-signature';
import { WALLET_PROVIDER } from './wallet-gateway';

export type WalletClientConfig = Pick<
  Config,
  'WALLET_API_URL' | 'WALLET_PUBLIC_KEY_ID' | 'WALLET_PRIVATE_KEY_PEM' | 'WALLET_REGION' | 'WALLET_SANDBOX_MODE' | 'PROVIDER_TIMEOUT_MS'
>;

/** x-amz-pay-region values, as the SDK maps configured regions (constants.js REGION_MAP). */
const REGION_HEADER: Record<Config['WALLET_REGION'], string> = { jp: 'jp', us: 'na', eu: 'eu', uk: 'eu' };

/** Amazon refuses idempotency keys longer than this. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 32;

const errorBody = z.object({ reasonCode: z.string().min(1), message: z.string() });

/**
 * Keys up to 32 characters go as they are; longer ones ("donation:123:complete") are hashed to
 * 32 hex characters, which keeps them stable across retries.
 */
export function walletIdempotencyKey(key: string): string {
  if (key.length > 0 && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH) return key;
  return createHash('sha256').update(key).digest('hex').slice(0, MAX_IDEMPOTENCY_KEY_LENGTH);
}

/**
 * The SDK's path choice: key ids made for one environment ("SANDBOX-…", "LIVE-…") use /v2/…;
 * other key ids name the environment in the path.
 */
export function versionPath(publicKeyId: string, sandboxMode: boolean): string {
  if (/^(?:SANDBOX|LIVE)/i.test(publicKeyId)) return '/v2';
  return sandboxMode ? '/sandbox/v2' : '/live/v2';
}

export interface CallOptions {
  body?: unknown;
  idempotencyKey?: string;
}

export class SignedWalletClient {
  readonly privateKey: KeyObject;
  private readonly base: string;

  constructor(
    private readonly config: WalletClientConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    // Parsed once, so a broken key fails at boot rather than on the first donation.
    this.privateKey = createPrivateKey(config.WALLET_PRIVATE_KEY_PEM);
    this.base = `${config.WALLET_API_URL.replace(/\/+$/, '')}${versionPath(config.WALLET_PUBLIC_KEY_ID, config.WALLET_SANDBOX_MODE)}`;
  }

  get publicKeyId(): string {
    return this.config.WALLET_PUBLIC_KEY_ID;
  }

  /** `resource` is below the version path, e.g. "checkoutSessions/…"; the answer is parsed with `schema`. */
  async call<T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    resource: string,
    options: CallOptions = {},
  ): Promise<T> {
    const url = new URL(`${this.base}/${resource}`);
    const body = options.body === undefined ? '' : JSON.stringify(options.body);
    const headers = signRequest({
      method,
      url,
      body,
      headers: options.idempotencyKey === undefined ? {} : { 'x-amz-pay-idempotency-key': walletIdempotencyKey(options.idempotencyKey) },
      privateKey: this.privateKey,
      publicKeyId: this.config.WALLET_PUBLIC_KEY_ID,
      region: REGION_HEADER[this.config.WALLET_REGION],
      now: this.now(),
    });
    return requestProviderJson({
      provider: WALLET_PROVIDER,
      displayName: 'the wallet provider',
      label: `${method} ${resource.split('/')[0]}`,
      url: url.toString(),
      init: { method, headers, body: options.body === undefined ? undefined : body },
      timeoutMs: this.config.PROVIDER_TIMEOUT_MS,
      schema,
      answeredError: (status, json) => this.answeredError(status, json),
    });
  }

  private answeredError(status: number, json: unknown): ProviderError {
    const body = errorBody.safeParse(json);
    // Never echo a foreign body (a proxy's page): only the provider's own error fields.
    const code = body.success ? body.data.reasonCode : status >= 500 ? 'InternalServerError' : PROVIDER_INVALID_RESPONSE;
    const message = body.success ? body.data.message : `the wallet provider answered HTTP ${status}`;
    return new ProviderError(WALLET_PROVIDER, code, message, { httpStatus: status, retryable: status >= 500 || status === 429 });
  }
}
