// The wallet gateway against the sandbox over HTTP, through the whole checkout the donation feature
// (ADR 012) will run: update → buyer approves → complete, its idempotent replay, the provider's
// refusals (amount mismatch, over its per-charge maximum, a declined buyer), monthly charges under
// a recurring permission until it is closed, refunds (ADR 063), and outages.
import { matchDonationError } from '@kifu/domain';
import { DECLINED_REFUND_AMOUNT } from '@kifu/sandbox/wallet/create-refund';
import { createMerchantClient } from '@kifu/sandbox/wallet/merchant-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config/env';
import { isWalletDecline, walletFailureToAppError } from '../src/payments/wallet-pay/wallet-provider-failure';
import { providerRejection } from './helpers/provider-rejection';
import { HttpWalletGateway } from '../src/providers/wallet/wallet-gateway-http';
import { jpy } from '../src/providers/wallet/wallet-wire-format';
import { CALLS_HANG, IMPATIENT_TIMEOUT_MS } from './helpers/start-sandbox';
import { startWalletSandbox, TEST_WEB_ORIGIN, type WalletSandbox } from './helpers/start-wallet-sandbox';

let sandbox: WalletSandbox;
let config: Config;
let gateway: HttpWalletGateway;
beforeAll(async () => {
  sandbox = await startWalletSandbox();
  config = loadConfig({ KIFU_ENV: 'test', SANDBOX_URL: sandbox.url });
  gateway = new HttpWalletGateway(config);
});
afterEach(() => sandbox.setFaults({ errorRate: 0, timeoutRate: 0 }));
afterAll(() => sandbox.close());

let keys = 0;
/** A fresh idempotency key per call site. */
const newKey = (label: string) => `${label}-${process.pid}-${++keys}`;

describe('single checkout', () => {
  it('completes after the buyer approved: Completed with a charge and a charge permission', async () => {
    // The provider keeps our reference (a donation id) for reconciliation; it refuses unknown fields.
    const { sessionId, approved } = await sandbox.checkoutUntilApproved(gateway, {
      buyer: 'hanako',
      amount: 3000,
      update: { merchantReferenceId: 'donation-1' },
    });
    expect(approved.location).toBe(`${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-result?amazonCheckoutSessionId=${sessionId}`);

    const completed = await gateway.completeCheckoutSession(sessionId, 3000, newKey('complete'));
    expect(completed).toMatchObject({
      id: sessionId,
      state: 'Completed',
      reasonCode: null,
      chargePermissionType: 'OneTime',
      amount: 3000,
      chargeId: expect.any(String),
      chargePermissionId: expect.any(String),
      buyer: { name: '山田 花子', email: 'hanako.yamada@example.jp' },
      billingAddress: {
        postalCode: '100-0001',
        stateOrRegion: '東京都',
        city: '千代田区',
        addressLine1: '千代田1-1',
        addressLine2: 'キフビル101',
        countryCode: 'JP',
      },
    });
    expect(completed.expiresAt).toBeInstanceOf(Date);
    // The button asks for name, email and billing address only: no phone number comes back.
    expect(completed.buyer).not.toHaveProperty('phone');
    expect(await gateway.getCheckoutSession(sessionId)).toEqual({ ...completed, redirectUrl: null });
  });

  it('replays a completion retried with the same idempotency key, and refuses a second completion', async () => {
    const { sessionId } = await sandbox.checkoutUntilApproved(gateway, { buyer: 'taro', amount: 1500 });
    // Longer than the provider's 32 characters: hashed to a stable key.
    const key = `donation:${sessionId}:complete-checkout-session`;
    const first = await gateway.completeCheckoutSession(sessionId, 1500, key);
    expect(await gateway.completeCheckoutSession(sessionId, 1500, key)).toEqual(first);

    const second = await providerRejection(gateway.completeCheckoutSession(sessionId, 1500, newKey('again')));
    expect(second).toMatchObject({ code: 'InvalidCheckoutSessionStatus', httpStatus: 422, rejectedRequest: true });
  });

  it('refuses to complete for another amount than the buyer approved (409 AmountMismatch), then completes with it', async () => {
    const { sessionId } = await sandbox.checkoutUntilApproved(gateway, { buyer: 'hanako', amount: 2000 });
    const mismatch = await providerRejection(gateway.completeCheckoutSession(sessionId, 2999, newKey('mismatch')));
    expect(mismatch).toMatchObject({ code: 'AmountMismatch', httpStatus: 409, retryable: false, rejectedRequest: true });
    expect(walletFailureToAppError(mismatch)).toMatchObject({
      code: 'unprocessable',
      detail: expect.stringMatching(/^wallet AmountMismatch: /),
    });
    expect(await gateway.completeCheckoutSession(sessionId, 2000, newKey('complete'))).toMatchObject({ state: 'Completed', amount: 2000 });
  });

  it('refuses an amount above the provider maximum of ¥10,000,000 (400 TransactionAmountExceeded)', async () => {
    const { sessionId } = await sandbox.signIn(
      gateway.createButtonSignature({ checkoutReviewReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-review` }),
      'hanako',
    );
    const error = await providerRejection(
      gateway.updateCheckoutSession(sessionId, {
        amount: 10_000_001,
        checkoutResultReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-result`,
      }),
    );
    expect(error).toMatchObject({ code: 'TransactionAmountExceeded', httpStatus: 400, rejectedRequest: true });
  });

  it('reports a declined buyer: the session ends Canceled (Declined) and completing is "rejected by the wallet"', async () => {
    const { sessionId, approved } = await sandbox.checkoutUntilApproved(gateway, { buyer: 'declined', amount: 3000 });
    // The provider still sends the buyer to the result page: only the session tells.
    expect(approved.location).toContain('/redirect/wallet-pay/checkout-result?amazonCheckoutSessionId=');
    expect(await gateway.getCheckoutSession(sessionId)).toMatchObject({ state: 'Canceled', reasonCode: 'Declined', chargeId: null });

    const error = await providerRejection(gateway.completeCheckoutSession(sessionId, 3000, newKey('declined')));
    expect(error).toMatchObject({ code: 'CheckoutSessionCanceled', httpStatus: 422 });
    expect(isWalletDecline(error)).toBe(true);
    const appError = walletFailureToAppError(error);
    expect(appError.statusCode).toBe(422);
    expect(matchDonationError(appError.detail)).toBe('walletRejected');
  });

  it('reports a buyer who cancelled on the provider page as Canceled (BuyerCanceled), not as a rejection', async () => {
    const opened = await sandbox.clickButton(
      gateway.createButtonSignature({
        checkoutReviewReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-review`,
        checkoutCancelUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-cancel`,
      }),
    );
    const cancelled = await sandbox.cancelOnPage(opened.signInUrl);
    expect(cancelled.location).toBe(
      `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-cancel?amazonCheckoutSessionId=${opened.checkoutSessionId}`,
    );
    expect(await gateway.getCheckoutSession(opened.checkoutSessionId)).toMatchObject({
      state: 'Canceled',
      reasonCode: 'BuyerCanceled',
      buyer: null,
    });
    const error = await providerRejection(gateway.completeCheckoutSession(opened.checkoutSessionId, 3000, newKey('cancelled')));
    expect(isWalletDecline(error)).toBe(false);
    expect(matchDonationError(walletFailureToAppError(error).detail)).toBe('generic');
  });
});

describe('monthly checkout', () => {
  it('leaves a recurring permission the merchant charges each month until it is closed', async () => {
    const { sessionId } = await sandbox.checkoutUntilApproved(gateway, { buyer: 'hanako', amount: 5000, monthly: true });
    const completed = await gateway.completeCheckoutSession(sessionId, 5000, newKey('monthly'));
    expect(completed).toMatchObject({ state: 'Completed', chargePermissionType: 'Recurring', chargePermissionId: expect.any(String) });
    const permissionId = completed.chargePermissionId!;
    expect(await gateway.getChargePermission(permissionId)).toEqual({
      id: permissionId,
      type: 'Recurring',
      state: 'Chargeable',
      reasonCodes: [],
      expiresAt: null,
    });

    const cycleKey = newKey('cycle');
    const charge = await gateway.createRecurringCharge({ chargePermissionId: permissionId, amount: 5000, idempotencyKey: cycleKey });
    expect(charge).toEqual({
      id: expect.any(String),
      chargePermissionId: permissionId,
      state: 'Captured',
      amount: 5000,
      capturedAmount: 5000,
      reasonCode: null,
    });
    // A retried cycle (a job that crashed after the call) charges once.
    expect(await gateway.createRecurringCharge({ chargePermissionId: permissionId, amount: 5000, idempotencyKey: cycleKey })).toEqual(
      charge,
    );

    const closed = await gateway.closeChargePermission(permissionId, 'the supporter stopped the monthly donation');
    expect(closed).toMatchObject({ state: 'Closed', reasonCodes: ['MerchantClosed'] });
    expect(await gateway.closeChargePermission(permissionId, 'again')).toMatchObject({ state: 'Closed' });

    const refused = await providerRejection(
      gateway.createRecurringCharge({ chargePermissionId: permissionId, amount: 5000, idempotencyKey: newKey('after-close') }),
    );
    expect(refused).toMatchObject({ code: 'InvalidChargePermissionStatus', httpStatus: 422, rejectedRequest: true });
  });

  it('surfaces a declined monthly charge as a wallet decline', async () => {
    // The "limited" buyer pays up to ¥50,000.
    const { sessionId } = await sandbox.checkoutUntilApproved(gateway, { buyer: 'limited', amount: 40_000, monthly: true });
    const { chargePermissionId } = await gateway.completeCheckoutSession(sessionId, 40_000, newKey('limited'));
    const error = await providerRejection(
      gateway.createRecurringCharge({ chargePermissionId: chargePermissionId!, amount: 60_000, idempotencyKey: newKey('too-much') }),
    );
    expect(error).toMatchObject({ code: 'HardDeclined', httpStatus: 422 });
    expect(isWalletDecline(error)).toBe(true);
    expect(matchDonationError(walletFailureToAppError(error).detail)).toBe('walletRejected');
  });

  it('answers ResourceNotFound for an unknown charge permission', async () => {
    expect(await providerRejection(gateway.getChargePermission('S01-0000000-0000000'))).toMatchObject({
      code: 'ResourceNotFound',
      httpStatus: 404,
    });
  });
});

/** A one-time gift of `amount` yen, captured at checkout; answers its charge id. */
async function capturedCharge(amount: number): Promise<string> {
  const { sessionId } = await sandbox.checkoutUntilApproved(gateway, { buyer: 'hanako', amount });
  const { chargeId } = await gateway.completeCheckoutSession(sessionId, amount, newKey('gift'));
  return chargeId!;
}

describe('refunds', () => {
  it('refunds a whole gift: pending at first, refunded when read again', async () => {
    const chargeId = await capturedCharge(3000);
    const refund = await gateway.refund(chargeId, 3000, newKey('refund'));
    expect(refund).toEqual({ id: expect.any(String), chargeId, amount: 3000, state: 'pending', reason: null });
    expect(await gateway.getRefund(refund.id)).toEqual({ ...refund, state: 'refunded' });
  });

  it('refunds in parts up to the gift, and the provider refuses more than its allowance above it', async () => {
    const chargeId = await capturedCharge(10_000);
    const first = await gateway.refund(chargeId, 4000, newKey('part'));
    const second = await gateway.refund(chargeId, 6000, newKey('part'));
    expect(first.id).not.toBe(second.id);
    for (const part of [first, second]) expect(await gateway.getRefund(part.id)).toMatchObject({ state: 'refunded' });
    // The provider would still pay back 15% (here ¥1,500) above the gift: the caller's own
    // bound is what keeps a refund within the gift (ADR 063). Beyond that, it refuses.
    const over = await providerRejection(gateway.refund(chargeId, 1501, newKey('over')));
    expect(over).toMatchObject({ code: 'TransactionAmountExceeded', httpStatus: 400, retryable: false, rejectedRequest: true });
  });

  it('answers the same refund to the same idempotency key, refunding once', async () => {
    const chargeId = await capturedCharge(3000);
    // Longer than the provider's 32 characters: hashed to a stable key.
    const key = `gift-refund:${chargeId}:${process.pid}`;
    const first = await gateway.refund(chargeId, 1000, key);
    expect(await gateway.refund(chargeId, 1000, key)).toEqual(first);
    // Had it refunded twice, only ¥1,450 (the rest and the 15% allowance) would be left, not ¥2,450.
    expect(await gateway.refund(chargeId, 2450, newKey('rest'))).toMatchObject({ amount: 2450, state: 'pending' });
  });

  it('refuses to refund a charge that was not captured, or that it does not know', async () => {
    // Kifu captures every charge; an authorised one is made with the merchant client directly.
    const { sessionId } = await sandbox.checkoutUntilApproved(gateway, { buyer: 'taro', amount: 2000, monthly: true });
    const { chargePermissionId } = await gateway.completeCheckoutSession(sessionId, 2000, newKey('monthly'));
    const merchant = createMerchantClient({
      baseUrl: sandbox.walletUrl,
      privateKeyPem: config.WALLET_PRIVATE_KEY_PEM,
      publicKeyId: config.WALLET_PUBLIC_KEY_ID,
    });
    const authorized = await merchant.createCharge({ chargePermissionId, chargeAmount: jpy(2000), captureNow: false }, newKey('auth'));
    expect(authorized.body.statusDetails.state).toBe('Authorized');

    const uncaptured = await providerRejection(gateway.refund(authorized.body.chargeId, 2000, newKey('uncaptured')));
    expect(uncaptured).toMatchObject({ code: 'InvalidChargeStatus', httpStatus: 422, rejectedRequest: true });
    const unknown = await providerRejection(gateway.refund('S01-0000000-0000000-C000001', 100, newKey('unknown')));
    expect(unknown).toMatchObject({ code: 'ResourceNotFound', httpStatus: 404 });
  });

  it('reads a refund the provider declined after accepting it', async () => {
    const chargeId = await capturedCharge(5000);
    const refund = await gateway.refund(chargeId, DECLINED_REFUND_AMOUNT, newKey('declined'));
    expect(refund.state).toBe('pending');
    expect(await gateway.getRefund(refund.id)).toEqual({ ...refund, state: 'declined', reason: 'AmazonRejected' });
  });

  it('reports a provider failure during a refund as a retryable ProviderError', async () => {
    const chargeId = await capturedCharge(3000);
    const refund = await gateway.refund(chargeId, 1000, newKey('before'));
    await sandbox.setFaults({ errorRate: 1 });
    for (const call of [gateway.refund(chargeId, 1000, newKey('outage')), gateway.getRefund(refund.id)]) {
      expect(await providerRejection(call)).toMatchObject({ code: 'InternalServerError', httpStatus: 500, retryable: true });
    }
  });
});

describe('outages', () => {
  it('maps a provider 500 to a retryable ProviderError', async () => {
    await sandbox.setFaults({ errorRate: 1 });
    const error = await providerRejection(gateway.getCheckoutSession('any-session'));
    expect(error).toMatchObject({ code: 'InternalServerError', httpStatus: 500, retryable: true, rejectedRequest: false });
    expect(walletFailureToAppError(error)).toMatchObject({
      code: 'bad_gateway',
      detail: 'InternalServerError: the wallet provider is unavailable',
    });
  });

  it('times out after PROVIDER_TIMEOUT_MS when the provider never answers', async () => {
    await sandbox.setFaults(CALLS_HANG);
    const impatient = new HttpWalletGateway({ ...config, PROVIDER_TIMEOUT_MS: IMPATIENT_TIMEOUT_MS });
    const error = await providerRejection(impatient.getCheckoutSession('any-session'));
    expect(error).toMatchObject({ code: 'timeout', retryable: true, timedOut: true, httpStatus: undefined });
    expect(matchDonationError(walletFailureToAppError(error).detail)).toBe('timedOut');
  });

  it('reports a provider it cannot reach as a retryable network error', async () => {
    const unreachable = new HttpWalletGateway({ ...config, WALLET_API_URL: 'http://127.0.0.1:9/wallet' });
    expect(await providerRejection(unreachable.getCheckoutSession('any-session'))).toMatchObject({
      code: 'network_error',
      retryable: true,
    });
  });
});
