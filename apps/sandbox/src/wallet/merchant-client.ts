// A minimal merchant-side client of the wallet API: every call signed as signature.ts (and the
// official SDK) does. The contract tests drive the emulator with it; the Kifu API's own client
// must produce the same requests, so it doubles as a reference.
import type { ChargePermissionView } from './charge-permission';
import type { CheckoutSessionView } from './checkout-session';
import type { ChargeView } from './create-charge';
import type { RefundView } from './create-refund';
import type { AmazonErrorBody } from './errors';
import { signRequest, type SignatureAlgorithm } from './signature';

export interface MerchantClientOptions {
  /** Where the provider's API lives, e.g. "http://127.0.0.1:4010/wallet" (production: "https://pay-api.amazon.jp"). */
  baseUrl: string;
  privateKeyPem: string;
  publicKeyId: string;
  algorithm?: SignatureAlgorithm;
  /** "/v2" (environment-specific key ids, SANDBOX-…) or "/sandbox/v2". */
  versionPath?: '/v2' | '/sandbox/v2';
  /**
   * Sign the full URL path ("/wallet/v2/…") instead of the path below baseUrl ("/v2/…", what the SDK
   * signs). Both verify; in production they are the same.
   */
  signFullPath?: boolean;
  /** Overrides the signing time (tests of the 15-minute window). */
  now?: () => Date;
}

export interface MerchantResponse<T = unknown> {
  status: number;
  body: T;
}

/** Typed as the success object; on an error answer only reasonCode and message are there. */
type Answer<T> = Promise<MerchantResponse<T & Partial<AmazonErrorBody>>>;

export interface CallOptions {
  body?: unknown;
  idempotencyKey?: string;
}

export function createMerchantClient(options: MerchantClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  const versionPath = options.versionPath ?? '/v2';

  async function call<T = unknown>(method: string, resource: string, call: CallOptions = {}): Promise<MerchantResponse<T>> {
    const url = new URL(`${base}${versionPath}/${resource}`);
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers = signRequest({
      method,
      path: options.signFullPath ? url.pathname : url.pathname.slice(new URL(base).pathname.replace(/\/$/, '').length),
      query: url.searchParams,
      headers: call.idempotencyKey ? { 'x-amz-pay-idempotency-key': call.idempotencyKey } : {},
      body: body ?? '',
      privateKeyPem: options.privateKeyPem,
      publicKeyId: options.publicKeyId,
      algorithm: options.algorithm,
      date: options.now?.(),
    });
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  return {
    call,
    createCheckoutSession: (payload: unknown, idempotencyKey: string): Answer<CheckoutSessionView> =>
      call('POST', 'checkoutSessions', { body: payload, idempotencyKey }),
    getCheckoutSession: (id: string): Answer<CheckoutSessionView> => call('GET', `checkoutSessions/${encodeURIComponent(id)}`),
    updateCheckoutSession: (id: string, payload: unknown): Answer<CheckoutSessionView> =>
      call('PATCH', `checkoutSessions/${encodeURIComponent(id)}`, { body: payload }),
    completeCheckoutSession: (id: string, payload: unknown, idempotencyKey: string): Answer<CheckoutSessionView> =>
      call('POST', `checkoutSessions/${encodeURIComponent(id)}/complete`, { body: payload, idempotencyKey }),
    getChargePermission: (id: string): Answer<ChargePermissionView> => call('GET', `chargePermissions/${encodeURIComponent(id)}`),
    updateChargePermission: (id: string, payload: unknown): Answer<ChargePermissionView> =>
      call('PATCH', `chargePermissions/${encodeURIComponent(id)}`, { body: payload }),
    closeChargePermission: (id: string, payload: unknown): Answer<ChargePermissionView> =>
      call('DELETE', `chargePermissions/${encodeURIComponent(id)}/close`, { body: payload }),
    createCharge: (payload: unknown, idempotencyKey: string): Answer<ChargeView> =>
      call('POST', 'charges', { body: payload, idempotencyKey }),
    getCharge: (id: string): Answer<ChargeView> => call('GET', `charges/${encodeURIComponent(id)}`),
    captureCharge: (id: string, payload: unknown, idempotencyKey: string): Answer<ChargeView> =>
      call('POST', `charges/${encodeURIComponent(id)}/capture`, { body: payload, idempotencyKey }),
    createRefund: (payload: unknown, idempotencyKey: string): Answer<RefundView> =>
      call('POST', 'refunds', { body: payload, idempotencyKey }),
    getRefund: (id: string): Answer<RefundView> => call('GET', `refunds/${encodeURIComponent(id)}`),
  };
}

export type MerchantClient = ReturnType<typeof createMerchantClient>;
