// Contract of the wallet emulator's one-time checkout (Amazon Pay Checkout v2-like), over real
// HTTP: the buyer's pages driven like a browser, the merchant API signed like the official SDK.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { approvePayment, cancelOnPage, openWalletPage, signInAs, visitWalletPage, walletButtonUrl } from '../src/wallet/buyer-browser';
import type { MerchantClient } from '../src/wallet/merchant-client';
import { idempotencyKey, startWalletSandbox, yen, type WalletSandbox } from './wallet-harness';
import { signButtonPayload } from '../src/wallet/signature';

const { wallet } = SANDBOX_CREDENTIALS;
const REVIEW = 'http://kifu.test/redirect/wallet-pay/checkout-review';
const RESULT = 'http://kifu.test/redirect/wallet-pay/checkout-result';
const CANCEL = 'http://kifu.test/redirect/wallet-pay/checkout-cancel';
const DAY_MS = 24 * 60 * 60_000;

let app: WalletSandbox['app'];
let base: string;
let client: MerchantClient;

beforeAll(async () => {
  ({ app, base, client } = await startWalletSandbox());
});
afterEach(async () => {
  await fetch(`${base}/__control/reset`, { method: 'POST' });
});
afterAll(() => app.close());

const key = idempotencyKey;

function buttonUrl(payload: Record<string, unknown> = {}, productType?: 'PayOnly' | 'PayAndShip'): string {
  const payloadJson = JSON.stringify({ webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW }, storeId: wallet.storeId, ...payload });
  return walletButtonUrl(`${base}/wallet`, {
    payloadJson,
    signature: signButtonPayload(payloadJson, wallet.privateKeyPem),
    publicKeyId: wallet.publicKeyId,
    algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
    productType,
  });
}

/** Button click and sign-in: the buyer is back on the merchant's review page. */
async function reviewAs(buyer: string, payload: Record<string, unknown> = {}, productType?: 'PayOnly' | 'PayAndShip'): Promise<string> {
  const { signInUrl, checkoutSessionId } = await openWalletPage(buttonUrl(payload, productType));
  const back = await signInAs(signInUrl, buyer);
  expect(back.status).toBe(302);
  expect(back.location).toBe(`${REVIEW}?amazonCheckoutSessionId=${checkoutSessionId}`);
  return checkoutSessionId;
}

async function setPayment(id: string, amount: number) {
  return client.updateCheckoutSession(id, {
    paymentDetails: { paymentIntent: 'AuthorizeWithCapture', chargeAmount: yen(amount) },
    webCheckoutDetails: { checkoutResultReturnUrl: RESULT },
    merchantMetadata: { merchantReferenceId: 'donation-1', merchantStoreName: 'Kifu', noteToBuyer: 'ご寄付ありがとうございます' },
  });
}

/** Review, amount and the buyer's approval: ready to complete. */
async function approvedCheckout(buyer: string, amount: number, payload: Record<string, unknown> = {}): Promise<string> {
  const id = await reviewAs(buyer, payload);
  const updated = await setPayment(id, amount);
  const back = await approvePayment(updated.body.webCheckoutDetails.amazonPayRedirectUrl!);
  expect(back.location).toBe(`${RESULT}?amazonCheckoutSessionId=${id}`);
  return id;
}

describe('one-time checkout', () => {
  it('walks from the wallet page to a completed, captured charge', async () => {
    const id = await reviewAs('hanako');

    const review = await client.getCheckoutSession(id);
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({
      checkoutSessionId: id,
      chargePermissionType: 'OneTime',
      buyer: {
        name: '山田 花子',
        email: 'hanako.yamada@example.jp',
        buyerId: expect.stringMatching(/^amzn1\.account\./),
        phoneNumber: '09012345678',
      },
      shippingAddress: {
        name: '山田 花子',
        postalCode: '100-0001',
        stateOrRegion: '東京都',
        city: '千代田区',
        addressLine1: '千代田1-1',
        countryCode: 'JP',
      },
      billingAddress: { countryCode: 'JP' },
      paymentPreferences: [{ paymentDescriptor: 'Visa ****1111 (Amazon Pay)' }],
      statusDetails: { state: 'Open', reasonCode: null, lastUpdatedTimestamp: expect.stringMatching(/^\d{8}T\d{6}Z$/) },
      webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW, checkoutResultReturnUrl: null, amazonPayRedirectUrl: null },
      creationTimestamp: expect.stringMatching(/^\d{8}T\d{6}Z$/),
      expirationTimestamp: expect.stringMatching(/^\d{8}T\d{6}Z$/),
      releaseEnvironment: 'Sandbox',
    });
    expect(review.body.constraints.map((constraint) => constraint.constraintId)).toEqual([
      'CheckoutResultReturnUrlNotSet',
      'ChargeAmountNotSet',
      'PaymentIntentNotSet',
    ]);

    const updated = await setPayment(id, 3000);
    expect(updated.status).toBe(200);
    expect(updated.body.constraints).toEqual([]);
    expect(updated.body.paymentDetails).toMatchObject({
      paymentIntent: 'AuthorizeWithCapture',
      chargeAmount: { amount: '3000', currencyCode: 'JPY' },
    });
    const redirectUrl = updated.body.webCheckoutDetails.amazonPayRedirectUrl!;
    expect(redirectUrl).toBe(`${base}/wallet/checkout/${id}/confirm`);

    const confirmPage = await visitWalletPage(redirectUrl);
    expect(confirmPage.status).toBe(200);
    expect(confirmPage.html).toContain('¥3,000');
    expect(confirmPage.html).toContain('ご寄付ありがとうございます');

    const back = await approvePayment(redirectUrl);
    expect(back.status).toBe(302);
    expect(back.location).toBe(`${RESULT}?amazonCheckoutSessionId=${id}`);

    const completed = await client.completeCheckoutSession(id, { chargeAmount: yen(3000) }, key());
    expect(completed.status).toBe(200);
    expect(completed.body.statusDetails).toMatchObject({ state: 'Completed', reasonCode: null });
    expect(completed.body.chargePermissionId).toMatch(/^S01-\d{7}-\d{7}$/);
    expect(completed.body.chargeId).toBe(`${completed.body.chargePermissionId}-C000001`);

    const charge = await client.getCharge(completed.body.chargeId!);
    expect(charge.body).toMatchObject({
      chargePermissionId: completed.body.chargePermissionId,
      chargeAmount: { amount: '3000', currencyCode: 'JPY' },
      captureAmount: { amount: '3000', currencyCode: 'JPY' },
      statusDetails: { state: 'Captured' },
    });
    const permission = await client.getChargePermission(completed.body.chargePermissionId!);
    expect(permission.body).toMatchObject({
      chargePermissionType: 'OneTime',
      statusDetails: { state: 'Chargeable' },
      limits: { amountLimit: { amount: '3000' }, amountBalance: { amount: '0' } },
      buyer: { name: '山田 花子' },
    });

    const { activity } = (await (await fetch(`${base}/__control/activity`)).json()) as { activity: { provider: string; action: string }[] };
    expect(activity.filter((entry) => entry.provider === 'wallet').map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'checkout session created (button)',
        'buyer signed in',
        'checkout session updated',
        'buyer approved payment',
        'checkout session completed',
      ]),
    );
  });

  it('gives a PayOnly checkout a billing address but no shipping address, and honours scopes', async () => {
    const id = await reviewAs('taro', { scopes: ['name', 'billingAddress'] }, 'PayOnly');
    const { body } = await client.getCheckoutSession(id);
    expect(body.productType).toBe('PayOnly');
    expect(body.shippingAddress).toBeNull();
    expect(body.billingAddress).toMatchObject({ name: 'Taro Suzuki', postalCode: '530-0001', stateOrRegion: '大阪府', countryCode: 'JP' });
    expect(body.buyer).toMatchObject({ name: 'Taro Suzuki', email: null, phoneNumber: null });
  });

  it('sends a buyer who cancels on the wallet page to checkoutCancelUrl with the session BuyerCanceled', async () => {
    const { signInUrl, checkoutSessionId: id } = await openWalletPage(
      buttonUrl({ webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW, checkoutCancelUrl: CANCEL } }),
    );
    const back = await cancelOnPage(signInUrl);
    expect(back.status).toBe(302);
    expect(back.location).toBe(`${CANCEL}?amazonCheckoutSessionId=${id}`);
    expect((await client.getCheckoutSession(id)).body.statusDetails).toMatchObject({ state: 'Canceled', reasonCode: 'BuyerCanceled' });
    expect((await client.completeCheckoutSession(id, { chargeAmount: yen(3000) }, key())).body.reasonCode).toBe('CheckoutSessionCanceled');
  });

  it('without a cancel URL sends a buyer who cancels on the payment page to the result URL', async () => {
    const id = await reviewAs('hanako');
    const updated = await setPayment(id, 3000);
    const back = await cancelOnPage(updated.body.webCheckoutDetails.amazonPayRedirectUrl!);
    expect(back.location).toBe(`${RESULT}?amazonCheckoutSessionId=${id}`);
    expect((await client.getCheckoutSession(id)).body.statusDetails).toMatchObject({ state: 'Canceled', reasonCode: 'BuyerCanceled' });
  });

  it("cancels the declined buyer's checkout with reasonCode Declined, and complete answers CheckoutSessionCanceled", async () => {
    const id = await approvedCheckout('declined', 3000);
    const session = await client.getCheckoutSession(id);
    expect(session.body.statusDetails).toMatchObject({ state: 'Canceled', reasonCode: 'Declined' });
    expect(session.body.chargeId).toBeNull();
    const completed = await client.completeCheckoutSession(id, { chargeAmount: yen(3000) }, key());
    expect(completed.status).toBe(422);
    expect(completed.body).toEqual({ reasonCode: 'CheckoutSessionCanceled', message: expect.stringContaining('Declined') });
  });

  it('declines the limited buyer above ¥50,000 only', async () => {
    const small = await approvedCheckout('limited', 50_000);
    expect((await client.completeCheckoutSession(small, { chargeAmount: yen(50_000) }, key())).body.statusDetails?.state).toBe('Completed');
    const large = await approvedCheckout('limited', 50_001);
    expect((await client.getCheckoutSession(large)).body.statusDetails.reasonCode).toBe('Declined');
  });

  it('refuses a complete whose amount or currency differs from the approved one', async () => {
    const id = await approvedCheckout('hanako', 3000);
    const mismatch = await client.completeCheckoutSession(id, { chargeAmount: yen(3001) }, key());
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.reasonCode).toBe('AmountMismatch');
    const currency = await client.completeCheckoutSession(id, { chargeAmount: { amount: '3000', currencyCode: 'USD' } }, key());
    expect(currency.status).toBe(400);
    expect(currency.body.reasonCode).toBe('CurrencyMismatch');
    expect((await client.completeCheckoutSession(id, { chargeAmount: yen(3000) }, key())).status).toBe(200);
  });

  it('refuses charges above ¥10,000,000 (TransactionAmountExceeded) and accepts the maximum', async () => {
    const id = await reviewAs('hanako');
    const over = await setPayment(id, 10_000_001);
    expect(over.status).toBe(400);
    expect(over.body.reasonCode).toBe('TransactionAmountExceeded');
    expect((await client.getCheckoutSession(id)).body.paymentDetails.chargeAmount).toBeNull();
    expect((await setPayment(id, 10_000_000)).status).toBe(200);
  });

  it('refuses to complete before the buyer approved, and to update after', async () => {
    const id = await reviewAs('hanako');
    const updated = await setPayment(id, 3000);
    const early = await client.completeCheckoutSession(id, { chargeAmount: yen(3000) }, key());
    expect(early.status).toBe(422);
    expect(early.body.reasonCode).toBe('InvalidCheckoutSessionStatus');
    await approvePayment(updated.body.webCheckoutDetails.amazonPayRedirectUrl!);
    const late = await setPayment(id, 9000);
    expect(late.status).toBe(422);
    expect(late.body.reasonCode).toBe('InvalidCheckoutSessionStatus');
  });

  it('replays a complete sent again with the same idempotency key and refuses the key on another request', async () => {
    const id = await approvedCheckout('hanako', 3000);
    const idempotencyKey = key();
    const first = await client.completeCheckoutSession(id, { chargeAmount: yen(3000) }, idempotencyKey);
    const again = await client.completeCheckoutSession(id, { chargeAmount: yen(3000) }, idempotencyKey);
    expect(again).toEqual(first);
    expect((await client.getChargePermission(first.body.chargePermissionId!)).body.limits?.amountBalance.amount).toBe('0');
    const reused = await client.completeCheckoutSession(id, { chargeAmount: yen(3000), totalOrderAmount: yen(3000) }, idempotencyKey);
    expect(reused.status).toBe(400);
    expect(reused.body.reasonCode).toBe('DuplicateIdempotencyKey');
    const fresh = await client.completeCheckoutSession(id, { chargeAmount: yen(3000) }, key());
    expect(fresh.status).toBe(422);
    expect(fresh.body.reasonCode).toBe('InvalidCheckoutSessionStatus');
    const missing = await client.call('POST', `checkoutSessions/${id}/complete`, { body: { chargeAmount: yen(3000) } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ reasonCode: 'MissingHeader' });
  });

  it('creates checkout sessions server-side, idempotently, for the buyer to sign in to', async () => {
    const payload = { webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW }, storeId: wallet.storeId };
    const idempotencyKey = key();
    const created = await client.createCheckoutSession(payload, idempotencyKey);
    expect(created.status).toBe(201);
    expect(created.body.constraints.map((constraint) => constraint.constraintId)).toContain('BuyerNotAssociated');
    expect(await client.createCheckoutSession(payload, idempotencyKey)).toEqual(created);
    expect((await client.createCheckoutSession({ ...payload, scopes: ['name'] }, idempotencyKey)).body.reasonCode).toBe(
      'DuplicateIdempotencyKey',
    );
    expect((await client.call('POST', 'checkoutSessions', { body: payload })).body).toMatchObject({ reasonCode: 'MissingHeader' });
    expect((await client.createCheckoutSession({ ...payload, storeId: 'amzn1.application-oa2-client.other' }, key())).body.reasonCode).toBe(
      'InvalidParameterValue',
    );

    const id = created.body.checkoutSessionId;
    const back = await signInAs(`${base}/wallet/checkout?amazonCheckoutSessionId=${id}&productType=PayOnly`, 'taro');
    expect(back.location).toBe(`${REVIEW}?amazonCheckoutSessionId=${id}`);
    expect((await client.getCheckoutSession(id)).body).toMatchObject({ productType: 'PayOnly', buyer: { name: 'Taro Suzuki' } });
  });

  it('cancels sessions still Open 24 hours after creation (Expired) and leaves completed ones alone', async () => {
    const open = await reviewAs('hanako');
    const done = await approvedCheckout('hanako', 3000);
    await client.completeCheckoutSession(done, { chargeAmount: yen(3000) }, key());

    await fetch(`${base}/__control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: DAY_MS - 60_000 }),
    });
    expect((await client.getCheckoutSession(open)).body.statusDetails.state).toBe('Open');
    await fetch(`${base}/__control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 60_000 }),
    });

    const expired = await client.getCheckoutSession(open);
    expect(expired.body.statusDetails).toMatchObject({ state: 'Canceled', reasonCode: 'Expired' });
    expect(expired.body.statusDetails.lastUpdatedTimestamp).toBe(expired.body.expirationTimestamp);
    expect((await client.completeCheckoutSession(open, { chargeAmount: yen(3000) }, key())).body.reasonCode).toBe(
      'CheckoutSessionCanceled',
    );
    expect((await visitWalletPage(`${base}/wallet/checkout/${open}/confirm`)).status).toBe(409);
    expect((await client.getCheckoutSession(done)).body.statusDetails.state).toBe('Completed');
  });

  it('answers unknown ids with 404 ResourceNotFound', async () => {
    for (const answer of [
      await client.getCheckoutSession('00000000-0000-4000-8000-000000000000'),
      await client.getCharge('S01-0000000-0000000-C000001'),
      await client.getChargePermission('S01-0000000-0000000'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ reasonCode: 'ResourceNotFound', message: expect.any(String) });
    }
    expect((await visitWalletPage(`${base}/wallet/checkout/unknown/confirm`)).status).toBe(404);
  });

  it('names bad request bodies with Amazon reason codes', async () => {
    const id = await reviewAs('hanako');
    const unknownField = await client.updateCheckoutSession(id, { paymentDetails: { paymentIntent: 'AuthorizeWithCapture', tip: 1 } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.reasonCode).toBe('UnrecognizedField');
    const badIntent = await client.updateCheckoutSession(id, { paymentDetails: { paymentIntent: 'Charge' } });
    expect(badIntent.body.reasonCode).toBe('InvalidParameterValue');
    const badCurrency = await client.updateCheckoutSession(id, { paymentDetails: { chargeAmount: { amount: '10', currencyCode: 'USD' } } });
    expect(badCurrency.body.reasonCode).toBe('InvalidParameterValue');
    const fraction = await client.updateCheckoutSession(id, { paymentDetails: { chargeAmount: { amount: '10.5', currencyCode: 'JPY' } } });
    expect(fraction.body.reasonCode).toBe('InvalidParameterValue');
    const missing = await client.createCheckoutSession({ storeId: wallet.storeId }, key());
    expect(missing.body.reasonCode).toBe('MissingParameterValue');
  });
});
