// The wallet pay calls of spec §7 as the browser makes them, through the same-origin /backend
// proxy: keep the form across the provider's pages, sign the provider's button, read the checkout
// session on the review page, then start (update) and complete the donation. The money-moving
// POSTs carry an Idempotency-Key like every donation call (donate-api.ts).
import type {
  RecurringWalletPayDonationRequest,
  WalletPayCompleteResponse,
  WalletPayDonationRequest,
  WalletPayDonationResponse,
} from '@kifu/domain/api/donation';
import type { Locale } from '@kifu/domain/enums';
import { ApiError, type ApiClient } from '@/lib/api-client';
import type { FormFrequency } from '../form/field-values';

/** What the page hands the provider's checkout script (the API's buttonConfig). */
export interface WalletButtonConfig {
  merchant_id: string;
  ledger_currency: 'JPY';
  checkout_language: 'ja_JP' | 'en_US';
  product_type: 'PayOnly';
  placement: 'Other';
  button_color: string;
  sandbox: boolean;
  checkout_script_url: string;
  create_checkout_session_config: { payload_json: string; signature: string; public_key_id: string; algorithm: string };
}

export interface WalletButtonRequest {
  amount: number;
  frequency: FormFrequency;
  associate_id: number;
  campaign_id: number | null;
  locale: Locale;
  donate_session_key?: string;
}

/** The checkout session as the API lets the page see it. */
export interface WalletCheckoutSession {
  id: string;
  state: 'Open' | 'Completed' | 'Canceled';
  reason_code: string | null;
  buyer: { name: string; email: string } | null;
  amount: number | null;
}

export interface WalletApi {
  /** Keeps the form state for 24 h; answers its random key (donate_session_key). */
  saveFormState(state: string): Promise<string>;
  getFormState(key: string): Promise<string>;
  signButton(body: WalletButtonRequest): Promise<WalletButtonConfig>;
  getCheckoutSession(checkoutSessionId: string): Promise<WalletCheckoutSession>;
  /** Single or monthly by `frequency`: the update call that answers where the buyer approves. */
  startDonation(
    frequency: WalletFrequency,
    body: WalletPayDonationRequest | RecurringWalletPayDonationRequest,
    idempotencyKey: string,
    accessToken?: string,
  ): Promise<WalletPayDonationResponse>;
  completeDonation(frequency: WalletFrequency, checkoutSessionId: string, idempotencyKey: string): Promise<WalletPayCompleteResponse>;
}

/** Wallet pay is single or monthly, never annual (spec §5). */
export type WalletFrequency = Exclude<FormFrequency, 'annual'>;

/** The form's readiness refuses wallet pay for a membership before any call; this only narrows the type. */
export function asWalletFrequency(frequency: FormFrequency): WalletFrequency {
  if (frequency === 'annual') throw new Error('wallet pay is never annual');
  return frequency;
}

const PREFIX: Record<WalletFrequency, string> = { single: '/donation', monthly: '/donation/recurring' };

export function createWalletApi(client: ApiClient): WalletApi {
  const post = async <T>(path: string, body: unknown, headers?: Record<string, string>, token?: string): Promise<T> => {
    const { status, content } = await client.request<T>('POST', path, { body, token, init: headers ? { headers } : undefined });
    if (content === null) throw new ApiError(status, 'The API returned an empty or non-JSON body');
    return content;
  };
  return {
    saveFormState: async (state) => (await post<{ key: string }>('/donation/wallet-pay-form-state/', { state })).key,
    getFormState: async (key) =>
      (await client.get<{ state: string }>(`/donation/wallet-pay-form-state/${encodeURIComponent(key)}/`, { init: { cache: 'no-store' } }))
        .state,
    signButton: (body) => post('/wallet-pay/generate-button-signature/', body),
    getCheckoutSession: (id) =>
      client.get<WalletCheckoutSession>('/wallet-pay/get-checkout-session/', {
        query: { checkout_session_id: id },
        init: { cache: 'no-store' },
      }),
    startDonation: (frequency, body, key, accessToken) =>
      post(`${PREFIX[frequency]}/wallet-pay/update-checkout-session/`, body, { 'Idempotency-Key': key }, accessToken),
    completeDonation: (frequency, id, key) =>
      post(`${PREFIX[frequency]}/wallet-pay/complete-checkout-session/`, { checkout_session_id: id }, { 'Idempotency-Key': key }),
  };
}
