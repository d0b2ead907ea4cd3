// Contract of the wallet emulator's recurring payments: a checkout with chargePermissionType
// Recurring leaves a charge permission the merchant charges itself each month (POST /charges)
// until it closes it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import type { MerchantClient } from '../src/wallet/merchant-client';
import {
  completedCheckout as checkout,
  idempotencyKey,
  MONTHLY,
  REVIEW_URL as REVIEW,
  startWalletSandbox,
  yen,
  type CheckoutOptions,
  type WalletSandbox,
} from './wallet-harness';

const { wallet } = SANDBOX_CREDENTIALS;

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
const monthlyCharge = (chargePermissionId: string, amount = 3000) => ({
  chargePermissionId,
  chargeAmount: yen(amount),
  captureNow: true,
  canHandlePendingAuthorization: false,
});

/** A completed checkout (by default a recurring one of ¥3,000); returns the completed session. */
const completedCheckout = (
  buyer: string,
  paymentIntent: CheckoutOptions['paymentIntent'],
  chargePermissionType?: CheckoutOptions['chargePermissionType'],
  amount?: number,
) => checkout({ base, client }, { buyer, paymentIntent, chargePermissionType, amount });

describe('recurring payments', () => {
  it('charges a recurring permission each month until the merchant closes it', async () => {
    const session = await completedCheckout('hanako', 'AuthorizeWithCapture');
    const permissionId = session.chargePermissionId!;
    expect(permissionId).toMatch(/^B01-\d{7}-\d{7}$/);
    expect(session.chargeId).toBe(`${permissionId}-C000001`);

    const permission = await client.getChargePermission(permissionId);
    expect(permission.body).toMatchObject({
      chargePermissionType: 'Recurring',
      recurringMetadata: MONTHLY,
      statusDetails: { state: 'Chargeable', reasons: null },
      buyer: { name: '山田 花子', email: 'hanako.yamada@example.jp' },
      limits: null,
    });

    const second = await client.createCharge(monthlyCharge(permissionId), key());
    const third = await client.createCharge(monthlyCharge(permissionId), key());
    for (const [answer, number] of [
      [second, 2],
      [third, 3],
    ] as const) {
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        chargeId: `${permissionId}-C00000${number}`,
        chargePermissionId: permissionId,
        chargeAmount: yen(3000),
        statusDetails: { state: 'Captured', reasonCode: null },
        creationTimestamp: expect.stringMatching(/^\d{8}T\d{6}Z$/),
      });
    }
    expect((await client.getCharge(third.body.chargeId)).body.statusDetails.state).toBe('Captured');

    const closed = await client.closeChargePermission(permissionId, {
      closureReason: 'Donor stopped the monthly donation',
      cancelPendingCharges: false,
    });
    expect(closed.status).toBe(200);
    expect(closed.body.statusDetails).toMatchObject({
      state: 'Closed',
      reasons: [{ reasonCode: 'MerchantClosed', reasonDescription: 'Donor stopped the monthly donation' }],
    });

    const refused = await client.createCharge(monthlyCharge(permissionId), key());
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ reasonCode: 'InvalidChargePermissionStatus', message: expect.any(String) });
    // Closing again (here with POST, for clients that cannot send a DELETE body) changes nothing.
    const again = await client.call('POST', `chargePermissions/${permissionId}/close`, { body: { closureReason: 'again' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ statusDetails: { reasons: [{ reasonDescription: 'Donor stopped the monthly donation' }] } });
  });

  it('starts a recurring permission without a first charge when paymentIntent is Confirm', async () => {
    const session = await completedCheckout('taro', 'Confirm');
    expect(session.chargeId).toBeNull();
    const first = await client.createCharge(monthlyCharge(session.chargePermissionId!), key());
    expect(first.body.chargeId).toBe(`${session.chargePermissionId}-C000001`);
  });

  it("declines the declined buyer's monthly charges and replays the decline for the same key", async () => {
    const session = await completedCheckout('declined', 'Confirm');
    const idempotencyKey = key();
    const declined = await client.createCharge(monthlyCharge(session.chargePermissionId!), idempotencyKey);
    expect(declined.status).toBe(422);
    expect(declined.body).toEqual({ reasonCode: 'HardDeclined', message: expect.any(String) });
    expect(await client.createCharge(monthlyCharge(session.chargePermissionId!), idempotencyKey)).toEqual(declined);
    expect((await client.createCharge(monthlyCharge(session.chargePermissionId!, 1000), idempotencyKey)).body.reasonCode).toBe(
      'DuplicateIdempotencyKey',
    );
    expect((await client.getChargePermission(session.chargePermissionId!)).body.statusDetails.state).toBe('Chargeable');
  });

  it('replays a charge sent again with the same key, and needs a key', async () => {
    const session = await completedCheckout('hanako', 'Confirm');
    const idempotencyKey = key();
    const first = await client.createCharge(monthlyCharge(session.chargePermissionId!), idempotencyKey);
    expect(await client.createCharge(monthlyCharge(session.chargePermissionId!), idempotencyKey)).toEqual(first);
    expect((await client.createCharge(monthlyCharge(session.chargePermissionId!), key())).body.chargeId).toBe(
      `${session.chargePermissionId}-C000002`,
    );
    const keyless = await client.call('POST', 'charges', { body: monthlyCharge(session.chargePermissionId!) });
    expect(keyless).toMatchObject({ status: 400, body: { reasonCode: 'MissingHeader' } });
  });

  it('refuses charges above ¥10,000,000 and beyond the balance of a one-time permission', async () => {
    const recurring = await completedCheckout('hanako', 'Confirm');
    expect((await client.createCharge(monthlyCharge(recurring.chargePermissionId!, 10_000_001), key())).body.reasonCode).toBe(
      'TransactionAmountExceeded',
    );

    const oneTime = await completedCheckout('hanako', 'Confirm', 'OneTime', 5000);
    expect(oneTime.chargePermissionId).toMatch(/^S01-/);
    expect((await client.createCharge(monthlyCharge(oneTime.chargePermissionId!, 3000), key())).status).toBe(201);
    const over = await client.createCharge(monthlyCharge(oneTime.chargePermissionId!, 3000), key());
    expect(over).toMatchObject({ status: 400, body: { reasonCode: 'TransactionAmountExceeded' } });
  });

  it('captures an authorized charge (captureNow false) once', async () => {
    const session = await completedCheckout('hanako', 'Confirm');
    const authorized = await client.createCharge({ ...monthlyCharge(session.chargePermissionId!), captureNow: false }, key());
    expect(authorized.body.statusDetails.state).toBe('Authorized');
    const captured = await client.captureCharge(authorized.body.chargeId, { captureAmount: yen(3000) }, key());
    expect(captured.body).toMatchObject({ statusDetails: { state: 'Captured' }, captureAmount: yen(3000) });
    expect((await client.captureCharge(authorized.body.chargeId, { captureAmount: yen(3000) }, key())).body.reasonCode).toBe(
      'InvalidChargeStatus',
    );
  });

  it('needs recurringMetadata for a recurring checkout and lets the merchant change the monthly amount', async () => {
    const missing = await client.createCheckoutSession(
      { webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW }, storeId: wallet.storeId, chargePermissionType: 'Recurring' },
      key(),
    );
    expect(missing).toMatchObject({ status: 400, body: { reasonCode: 'MissingParameterValue' } });

    const session = await completedCheckout('hanako', 'Confirm');
    const updated = await client.updateChargePermission(session.chargePermissionId!, {
      recurringMetadata: { ...MONTHLY, amount: yen(5000) },
    });
    expect(updated.body.recurringMetadata?.amount).toEqual(yen(5000));
    await client.closeChargePermission(session.chargePermissionId!, {});
    expect(
      (await client.updateChargePermission(session.chargePermissionId!, { merchantMetadata: { merchantReferenceId: 'x' } })).body
        .reasonCode,
    ).toBe('ChargePermissionNotModifiable');
  });
});
