// POST /wallet-pay/generate-button-signature/ and GET /wallet-pay/get-checkout-session/ (spec §7)
// against the sandbox over HTTP: the button the page renders starts a checkout the provider
// accepts, the buyer comes back to our review page (spec §2 return paths), and the session shows
// what the review page and the donation form's wallet profile need — and nothing more.
import { randomBytes } from 'node:crypto';
import { AMOUNT_LIMIT_PHRASES, MAX_AMOUNT, matchAmountLimitError, matchDonationError } from '@kifu/domain';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { WALLET_ROUTE_RATE_LIMIT } from '../src/payments/wallet-pay/routes';
import { SUPPORTERS_PER_ADDRESS } from '../src/plugins/rate-limit';
import type { WalletButtonSignature } from '../src/providers/wallet/wallet-gateway';
import { CALLS_HANG } from './helpers/start-sandbox';
import { startWalletSandbox, TEST_WEB_ORIGIN } from './helpers/start-wallet-sandbox';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp({
  startSandbox: startWalletSandbox,
  env: { WEB_ORIGIN: TEST_WEB_ORIGIN },
  afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0, timeoutRate: 0 }),
});

/** Each test is its own client address, so the per-client rate limit of one never trips another. */
const clientAddress = () => `10.${randomBytes(3).join('.')}`;

const REVIEW_URL = `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-review`;

interface ButtonConfig {
  merchant_id: string;
  checkout_language: string;
  sandbox: boolean;
  checkout_script_url: string;
  create_checkout_session_config: { payload_json: string; signature: string; public_key_id: string; algorithm: string };
}

async function generateButton(payload: unknown, options: Pick<InjectOptions, 'remoteAddress'> = {}) {
  const response = await h.t.app.inject({
    method: 'POST',
    url: '/wallet-pay/generate-button-signature/',
    payload: payload as InjectOptions['payload'],
    remoteAddress: options.remoteAddress ?? clientAddress(),
  });
  return { status: response.statusCode, body: response.json() };
}

async function getSession(checkoutSessionId: string | undefined, options: Pick<InjectOptions, 'remoteAddress'> = {}) {
  const query = checkoutSessionId === undefined ? '' : `?checkout_session_id=${encodeURIComponent(checkoutSessionId)}`;
  const response = await h.t.app.inject({
    method: 'GET',
    url: `/wallet-pay/get-checkout-session/${query}`,
    remoteAddress: options.remoteAddress ?? clientAddress(),
  });
  return { status: response.statusCode, body: response.json() };
}

/** The route's snake_case config as checkout.js takes it. */
function signedButton(config: ButtonConfig): WalletButtonSignature {
  const signed = config.create_checkout_session_config;
  return { payloadJSON: signed.payload_json, signature: signed.signature, publicKeyId: signed.public_key_id, algorithm: signed.algorithm };
}

/** Button → provider page → signed in as `buyer` → back on our review page: the session id. */
async function reviewedSession(buyer: 'hanako' | 'declined', body: Record<string, unknown> = {}) {
  const button = await generateButton({ amount: 3000, frequency: 'single', ...body });
  expect(button.status).toBe(200);
  const { sessionId, returned } = await h.sandbox.signIn(signedButton(button.body), buyer);
  return { sessionId, returnedTo: returned.location };
}

describe('POST /wallet-pay/generate-button-signature/', () => {
  it('answers the button config of a single donation, signed over a one-time checkout returning to our review page', async () => {
    const response = await generateButton({ amount: 3000, frequency: 'single', associate_id: 1, donate_session_key: 'form-abc_123' });
    expect(response).toEqual({
      status: 200,
      body: {
        merchant_id: h.t.config.WALLET_MERCHANT_ID,
        ledger_currency: 'JPY',
        checkout_language: 'ja_JP',
        product_type: 'PayOnly',
        placement: 'Other',
        button_color: 'Gold',
        sandbox: true,
        checkout_script_url: `${h.sandbox.url}/wallet/checkout.js`,
        create_checkout_session_config: {
          payload_json: expect.any(String),
          signature: expect.any(String),
          public_key_id: h.t.config.WALLET_PUBLIC_KEY_ID,
          algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
        },
      },
    });
    expect(JSON.parse(response.body.create_checkout_session_config.payload_json)).toEqual({
      webCheckoutDetails: {
        checkoutReviewReturnUrl: `${REVIEW_URL}?donate_session_key=form-abc_123`,
        checkoutCancelUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-cancel?donate_session_key=form-abc_123`,
      },
      storeId: h.t.config.WALLET_STORE_ID,
      scopes: ['name', 'email', 'billingAddress'],
      chargePermissionType: 'OneTime',
      merchantMetadata: { customInformation: '{"associate_id":1}' },
    });
  });

  it('returns English supporters to the /en pages and asks the provider for its English checkout', async () => {
    const response = await generateButton({ amount: 500, frequency: 'single', locale: 'en' });
    expect(response.body.checkout_language).toBe('en_US');
    const payload = JSON.parse(response.body.create_checkout_session_config.payload_json);
    expect(payload.webCheckoutDetails).toEqual({
      checkoutReviewReturnUrl: `${TEST_WEB_ORIGIN}/en/redirect/wallet-pay/checkout-review`,
      checkoutCancelUrl: `${TEST_WEB_ORIGIN}/en/redirect/wallet-pay/checkout-cancel`,
    });
    expect(payload).not.toHaveProperty('merchantMetadata');
  });

  it('signs a monthly donation as a recurring charge permission of the monthly amount', async () => {
    const response = await generateButton({ amount: '５０００', frequency: 'monthly', campaign_id: 7 });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body.create_checkout_session_config.payload_json)).toMatchObject({
      chargePermissionType: 'Recurring',
      recurringMetadata: { frequency: { unit: 'Month', value: '1' }, amount: { amount: '5000', currencyCode: 'JPY' } },
      merchantMetadata: { customInformation: '{"campaign_id":7}' },
    });
  });

  it('refuses annual: wallet pay has no annual plan', async () => {
    expect(await generateButton({ amount: 3000, frequency: 'annual' })).toEqual({
      status: 400,
      body: { code: 'validation_failed', detail: expect.any(String), fields: { frequency: ['value'] } },
    });
  });

  it('refuses amounts outside the wallet pay limits with the limit phrase in the detail', async () => {
    const above = await generateButton({ amount: MAX_AMOUNT.walletPay + 1, frequency: 'single' });
    expect(above).toEqual({
      status: 400,
      body: { code: 'validation_failed', detail: expect.stringContaining(AMOUNT_LIMIT_PHRASES.upper), fields: { amount: ['max'] } },
    });
    expect(matchAmountLimitError(above.body.detail)).toBe('above_max');
    expect((await generateButton({ amount: MAX_AMOUNT.walletPay, frequency: 'monthly' })).status).toBe(200);

    const below = await generateButton({ amount: 0, frequency: 'monthly' });
    expect(below).toEqual({
      status: 400,
      body: { code: 'validation_failed', detail: expect.stringContaining(AMOUNT_LIMIT_PHRASES.lower), fields: { amount: ['min'] } },
    });
    expect(matchAmountLimitError(below.body.detail)).toBe('below_min');
  });

  it('answers 400 with a rule key per field for missing or malformed input', async () => {
    expect((await generateButton({})).body).toEqual({
      code: 'validation_failed',
      detail: expect.any(String),
      fields: { amount: ['required'], frequency: ['required'] },
    });
    const malformed = await generateButton({
      amount: '3,000円',
      frequency: 'weekly',
      associate_id: -1,
      locale: 'fr',
      donate_session_key: 'no spaces/please',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({
      amount: ['pattern.number'],
      frequency: ['value'],
      associate_id: ['value'],
      locale: ['value'],
      donate_session_key: ['pattern'],
    });
  });

  it('is rate limited per address, an address standing for several guests', async () => {
    const remoteAddress = clientAddress();
    for (let i = 0; i < WALLET_ROUTE_RATE_LIMIT * SUPPORTERS_PER_ADDRESS; i++)
      expect((await generateButton({ amount: 1000, frequency: 'single' }, { remoteAddress })).status).toBe(200);
    expect(await generateButton({ amount: 1000, frequency: 'single' }, { remoteAddress })).toEqual({
      status: 429,
      body: { code: 'rate_limited', detail: expect.any(String) },
    });
  });
});

describe('GET /wallet-pay/get-checkout-session/', () => {
  it('shows the buyer who came back to our review page: name, email and billing address, nothing more', async () => {
    const { sessionId, returnedTo } = await reviewedSession('hanako', { donate_session_key: 'k1' });
    expect(returnedTo).toBe(`${REVIEW_URL}?donate_session_key=k1&amazonCheckoutSessionId=${sessionId}`);

    const response = await getSession(sessionId);
    expect(response).toEqual({
      status: 200,
      body: {
        id: sessionId,
        state: 'Open',
        reason_code: null,
        buyer: { name: '山田 花子', email: 'hanako.yamada@example.jp' },
        billing_address: {
          name: '山田 花子',
          postal_code: '100-0001',
          state_or_region: '東京都',
          city: '千代田区',
          address_line1: '千代田1-1',
          address_line2: 'キフビル101',
          address_line3: null,
          country_code: 'JP',
        },
        amount: null,
        expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      },
    });
    const expiresIn = new Date(response.body.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * 3_600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3_600_000);
    // No phone number, buyer id or payment descriptor anywhere in the answer.
    expect(JSON.stringify(response.body)).not.toMatch(/09012345678|amzn1\.account|Visa/);
  });

  it('follows the checkout to Completed: update, the buyer pays, complete', async () => {
    const { sessionId } = await reviewedSession('hanako');
    const gateway = h.t.app.walletPay.gateway;
    const updated = await gateway.updateCheckoutSession(sessionId, {
      amount: 3000,
      checkoutResultReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-result`,
    });
    expect((await getSession(sessionId)).body).toMatchObject({ state: 'Open', amount: 3000 });

    const paid = await h.sandbox.approvePayment(updated.redirectUrl!);
    expect(paid.location).toBe(`${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-result?amazonCheckoutSessionId=${sessionId}`);
    const completed = await gateway.completeCheckoutSession(sessionId, 3000, `complete-${sessionId.slice(0, 20)}`);
    expect(completed).toMatchObject({ state: 'Completed', chargeId: expect.any(String) });
    expect((await getSession(sessionId)).body).toMatchObject({ id: sessionId, state: 'Completed', reason_code: null, amount: 3000 });
  });

  it('returns a declined checkout with its state, not as an error', async () => {
    const { sessionId } = await reviewedSession('declined');
    const updated = await h.t.app.walletPay.gateway.updateCheckoutSession(sessionId, {
      amount: 3000,
      checkoutResultReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-result`,
    });
    await h.sandbox.approvePayment(updated.redirectUrl!);
    expect(await getSession(sessionId)).toEqual({
      status: 200,
      body: expect.objectContaining({
        id: sessionId,
        state: 'Canceled',
        reason_code: 'Declined',
        buyer: { name: '佐藤 次郎', email: 'jiro.sato@example.jp' },
      }),
    });
  });

  it('returns a checkout the buyer cancelled on the provider page as Canceled (BuyerCanceled)', async () => {
    const button = await generateButton({ amount: 3000, frequency: 'single' });
    const opened = await h.sandbox.clickButton(signedButton(button.body));
    const cancelled = await h.sandbox.cancelOnPage(opened.signInUrl);
    expect(cancelled.location).toBe(
      `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-cancel?amazonCheckoutSessionId=${opened.checkoutSessionId}`,
    );
    expect((await getSession(opened.checkoutSessionId)).body).toMatchObject({
      state: 'Canceled',
      reason_code: 'BuyerCanceled',
      buyer: null,
      billing_address: null,
    });
  });

  it('answers 404 for an unknown session and 400 for a missing or malformed id', async () => {
    expect(await getSession('00000000-0000-4000-8000-000000000000')).toEqual({
      status: 404,
      body: { code: 'not_found', detail: expect.stringMatching(/^wallet ResourceNotFound: /) },
    });
    expect(await getSession(undefined)).toEqual({
      status: 400,
      body: { code: 'validation_failed', detail: expect.any(String), fields: { checkout_session_id: ['required'] } },
    });
    expect((await getSession('a b/c')).body.fields).toEqual({ checkout_session_id: ['pattern'] });
  });

  it('answers 502 when the provider fails, and says "timed out" when it never answers', async () => {
    const { sessionId } = await reviewedSession('hanako');
    await h.sandbox.setFaults({ errorRate: 1 });
    expect(await getSession(sessionId)).toEqual({
      status: 502,
      body: { code: 'bad_gateway', detail: 'InternalServerError: the wallet provider is unavailable' },
    });

    // The API's own client timeout (10 s by default) runs out long before the sandbox's hang.
    await h.sandbox.setFaults(CALLS_HANG);
    const silent = await getSession(sessionId);
    expect(silent).toEqual({ status: 502, body: { code: 'bad_gateway', detail: expect.stringMatching(/timed out/) } });
    expect(matchDonationError(silent.body.detail)).toBe('timedOut');

    await h.sandbox.setFaults({ timeoutRate: 0 });
    expect((await getSession(sessionId)).status).toBe(200);
  }, 60_000);

  it('is rate limited per address, an address standing for several guests', async () => {
    const remoteAddress = clientAddress();
    for (let i = 0; i < WALLET_ROUTE_RATE_LIMIT * SUPPORTERS_PER_ADDRESS; i++)
      expect((await getSession('unknown-session', { remoteAddress })).status).toBe(404);
    expect(await getSession('unknown-session', { remoteAddress })).toEqual({
      status: 429,
      body: { code: 'rate_limited', detail: expect.any(String) },
    });
  });

  it('shows a session left Open for 24 hours as Canceled (Expired)', async () => {
    const { sessionId } = await reviewedSession('hanako');
    await h.sandbox.advanceClock(24 * 3_600_000 + 1_000);
    try {
      expect((await getSession(sessionId)).body).toMatchObject({ state: 'Canceled', reason_code: 'Expired' });
    } finally {
      await h.sandbox.reset();
    }
  });
});

describe('OpenAPI', () => {
  it('documents both wallet routes with their error statuses', async () => {
    const spec = (await h.t.get<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>('/docs/json')).body;
    expect(Object.keys(spec.paths['/wallet-pay/generate-button-signature/']!.post!.responses).sort()).toEqual(['200', '400', '429']);
    expect(Object.keys(spec.paths['/wallet-pay/get-checkout-session/']!.get!.responses).sort()).toEqual([
      '200',
      '400',
      '404',
      '422',
      '429',
      '502',
    ]);
  });
});
