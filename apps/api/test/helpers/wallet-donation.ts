// The wallet pay form as a browser drives it (spec §4 "Wallet payment"): save the form, click
// the signed button, sign in at the provider, update the checkout session, approve. Shared by the
// wallet donation and wallet job tests.
import { type api } from '@kifu/domain';
import { expect } from 'vitest';
import type { WalletButtonSignature } from '../../src/providers/wallet/wallet-gateway';
import type { TestApp } from './build-test-app';
import { send, submit } from './donation-requests';
import { uniqueEmail } from './start-sandbox';
import type { TestBuyerKey, WalletSandbox } from './start-wallet-sandbox';

export type Frequency = 'single' | 'monthly';
export const UPDATE = {
  single: '/donation/wallet-pay/update-checkout-session/',
  monthly: '/donation/recurring/wallet-pay/update-checkout-session/',
};
export const COMPLETE = {
  single: '/donation/wallet-pay/complete-checkout-session/',
  monthly: '/donation/recurring/wallet-pay/complete-checkout-session/',
};

/** The form saves itself before the provider's page: the key travels as donate_session_key. */
export async function saveFormState(t: TestApp, state: string): Promise<string> {
  const saved = await send<{ key: string }>(t, { method: 'POST', url: '/donation/wallet-pay-form-state/', payload: { state } });
  expect(saved.status).toBe(200);
  return saved.body.key;
}

/** Button (our signature route) → provider page → signed in as `buyer` → back on our review page. */
export async function reviewedCheckout(
  t: TestApp,
  sandbox: WalletSandbox,
  buyer: TestBuyerKey,
  frequency: Frequency,
  amount: number,
  donateSessionKey: string,
) {
  const button = await send<{
    create_checkout_session_config: { payload_json: string; signature: string; public_key_id: string; algorithm: string };
  }>(t, {
    method: 'POST',
    url: '/wallet-pay/generate-button-signature/',
    payload: { amount, frequency, associate_id: 1, donate_session_key: donateSessionKey },
  });
  expect(button.status).toBe(200);
  const signed = button.body.create_checkout_session_config;
  const signature: WalletButtonSignature = {
    payloadJSON: signed.payload_json,
    signature: signed.signature,
    publicKeyId: signed.public_key_id,
    algorithm: signed.algorithm,
  };
  const { sessionId } = await sandbox.signIn(signature, buyer);
  return sessionId;
}

export function walletRequest(
  sessionId: string,
  donateSessionKey: string,
  overrides: Partial<api.RecurringWalletPayDonationRequest> = {},
): api.RecurringWalletPayDonationRequest {
  return {
    donor: { last_name: '山田', first_name: '花子', last_name_kana: 'ヤマダ', first_name_kana: 'ハナコ', email: uniqueEmail('wallet') },
    amount: 3_000,
    associate_id: 1,
    wallet_pay: { checkout_session_id: sessionId, form_state: { donate_session_key: donateSessionKey, state: '{"step":"confirmation"}' } },
    ...overrides,
  };
}

/** Review page → update → the buyer approves at the provider → back on our result page. */
export async function approvedDonation(
  t: TestApp,
  sandbox: WalletSandbox,
  buyer: TestBuyerKey,
  frequency: Frequency,
  overrides: Partial<api.RecurringWalletPayDonationRequest> = {},
) {
  const amount = overrides.amount ?? 3_000;
  const key = await saveFormState(t, '{"step":"payment"}');
  const sessionId = await reviewedCheckout(t, sandbox, buyer, frequency, amount, key);
  const request = walletRequest(sessionId, key, overrides);
  const updated = await submit<api.WalletPayDonationResponse>(t, UPDATE[frequency], request);
  expect(updated.status).toBe(200);
  const approved = await sandbox.approvePayment(updated.body.wallet_pay.redirect_url);
  return { key, sessionId, request, updated: updated.body, approved };
}
