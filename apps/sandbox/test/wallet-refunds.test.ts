// Contract of the wallet emulator's refunds (Amazon Pay API v2 Refund): a captured charge is paid
// back in full or in parts, up to Amazon's allowance above the capture; a refund answers
// RefundInitiated and settles at the next read (ADR 063); the idempotency key, the refusals with
// Amazon's reason codes, a declined refund, and the generic fault injection.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_REFUND_AMOUNT } from '../src/wallet/create-refund';
import type { MerchantClient } from '../src/wallet/merchant-client';
import { completedCheckout, idempotencyKey as key, startWalletSandbox, yen, type WalletSandbox } from './wallet-harness';

let sandbox: WalletSandbox;
let client: MerchantClient;

beforeAll(async () => {
  sandbox = await startWalletSandbox();
  client = sandbox.client;
});
afterEach(async () => {
  await fetch(`${sandbox.base}/__control/reset`, { method: 'POST' });
});
afterAll(() => sandbox.app.close());

/** A one-time gift captured at checkout; answers its charge and permission ids. */
async function capturedCharge(amount: number) {
  const session = await completedCheckout(sandbox, {
    buyer: 'hanako',
    paymentIntent: 'AuthorizeWithCapture',
    chargePermissionType: 'OneTime',
    amount,
  });
  return { chargeId: session.chargeId!, chargePermissionId: session.chargePermissionId! };
}

const refundOf = (chargeId: string, amount: number | string, extra: Record<string, unknown> = {}) => ({
  chargeId,
  refundAmount: { amount: String(amount), currencyCode: 'JPY' },
  ...extra,
});

const refundedAmount = async (chargeId: string) => (await client.getCharge(chargeId)).body.refundedAmount;

describe('refunds', () => {
  it('refunds a whole charge: RefundInitiated at once, Refunded at the next read, counted on the charge', async () => {
    const { chargeId, chargePermissionId } = await capturedCharge(3000);
    const created = await client.createRefund(refundOf(chargeId, 3000, { softDescriptor: 'KIFU REFUND' }), key());
    expect(created.status).toBe(201);
    // The official SDK's own test expects exactly these fields of a refund.
    expect(Object.keys(created.body).sort()).toEqual(
      ['chargeId', 'creationTimestamp', 'refundAmount', 'refundId', 'releaseEnvironment', 'softDescriptor', 'statusDetails'].sort(),
    );
    expect(created.body).toEqual({
      refundId: `${chargePermissionId}-R000001`,
      chargeId,
      creationTimestamp: expect.stringMatching(/^\d{8}T\d{6}Z$/),
      refundAmount: yen(3000),
      statusDetails: {
        state: 'RefundInitiated',
        reasonCode: null,
        reasonDescription: null,
        lastUpdatedTimestamp: expect.stringMatching(/^\d{8}T\d{6}Z$/),
      },
      softDescriptor: 'KIFU REFUND',
      releaseEnvironment: 'Sandbox',
    });

    const fetched = await client.getRefund(created.body.refundId);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ refundId: created.body.refundId, statusDetails: { state: 'Refunded', reasonCode: null } });
    const charge = (await client.getCharge(chargeId)).body;
    expect(charge).toMatchObject({ refundedAmount: yen(3000), captureAmount: yen(3000), statusDetails: { state: 'Captured' } });
  });

  it('refunds in parts, settles them on a read of the charge too, and counts refunds under way against the limit', async () => {
    const { chargeId, chargePermissionId } = await capturedCharge(10_000);
    const first = await client.createRefund(refundOf(chargeId, 4000), key());
    const second = await client.createRefund(refundOf(chargeId, 6000), key());
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.refundId).toBe(`${chargePermissionId}-R000002`);
    // Both still RefundInitiated: Amazon's allowance above the capture is 15% (¥1,500) here.
    const over = await client.createRefund(refundOf(chargeId, 1501), key());
    expect(over).toEqual({ status: 400, body: { reasonCode: 'TransactionAmountExceeded', message: expect.any(String) } });

    expect(await refundedAmount(chargeId)).toEqual(yen(10_000));
    expect((await client.getRefund(first.body.refundId)).body.statusDetails.state).toBe('Refunded');
    expect((await client.createRefund(refundOf(chargeId, 1500), key())).status).toBe(201);
    expect((await client.createRefund(refundOf(chargeId, 1), key())).body.reasonCode).toBe('TransactionAmountExceeded');
  });

  it('allows at most ¥8,400 above a large capture', async () => {
    const { chargeId } = await capturedCharge(100_000);
    expect((await client.createRefund(refundOf(chargeId, 108_401), key())).body.reasonCode).toBe('TransactionAmountExceeded');
    expect((await client.createRefund(refundOf(chargeId, 108_400), key())).status).toBe(201);
  });

  it(`declines a refund of ¥${DECLINED_REFUND_AMOUNT} when it settles, and gives its amount back`, async () => {
    const { chargeId } = await capturedCharge(5000);
    const created = await client.createRefund(refundOf(chargeId, DECLINED_REFUND_AMOUNT), key());
    expect(created.body.statusDetails.state).toBe('RefundInitiated');
    expect((await client.getRefund(created.body.refundId)).body.statusDetails).toMatchObject({
      state: 'Declined',
      reasonCode: 'AmazonRejected',
      reasonDescription: expect.any(String),
    });
    expect(await refundedAmount(chargeId)).toEqual(yen(0));
    expect((await client.createRefund(refundOf(chargeId, 5000), key())).status).toBe(201);
  });
});

describe('idempotency', () => {
  it('answers a retry with the same key with the same refund, and refuses the key for another request', async () => {
    const { chargeId } = await capturedCharge(3000);
    const idempotencyKey = key();
    const first = await client.createRefund(refundOf(chargeId, 1000), idempotencyKey);
    expect(await client.createRefund(refundOf(chargeId, 1000), idempotencyKey)).toEqual(first);
    expect(await refundedAmount(chargeId)).toEqual(yen(1000));

    const reused = await client.createRefund(refundOf(chargeId, 2000), idempotencyKey);
    expect(reused).toEqual({ status: 400, body: { reasonCode: 'DuplicateIdempotencyKey', message: expect.any(String) } });
    const keyless = await client.call('POST', 'refunds', { body: refundOf(chargeId, 1000) });
    expect(keyless).toMatchObject({ status: 400, body: { reasonCode: 'MissingHeader' } });
    expect(await refundedAmount(chargeId)).toEqual(yen(1000));
  });
});

describe('refusals', () => {
  it('refuses to refund a charge that is not Captured (422 InvalidChargeStatus)', async () => {
    const session = await completedCheckout(sandbox, { buyer: 'hanako', paymentIntent: 'Confirm' });
    const authorized = await client.createCharge(
      { chargePermissionId: session.chargePermissionId, chargeAmount: yen(3000), captureNow: false },
      key(),
    );
    expect(authorized.body.statusDetails.state).toBe('Authorized');
    const refused = await client.createRefund(refundOf(authorized.body.chargeId, 3000), key());
    expect(refused).toEqual({ status: 422, body: { reasonCode: 'InvalidChargeStatus', message: expect.any(String) } });
  });

  it('answers ResourceNotFound for an unknown charge or refund', async () => {
    const charge = await client.createRefund(refundOf('S01-0000000-0000000-C000001', 100), key());
    expect(charge).toMatchObject({ status: 404, body: { reasonCode: 'ResourceNotFound' } });
    const refund = await client.getRefund('S01-0000000-0000000-R000001');
    expect(refund).toMatchObject({ status: 404, body: { reasonCode: 'ResourceNotFound' } });
  });

  it('refuses bad amounts and currencies with InvalidParameterValue, and names missing or unknown fields', async () => {
    const { chargeId } = await capturedCharge(3000);
    const refusals: [body: unknown, reasonCode: string][] = [
      [{ chargeId, refundAmount: { amount: '100', currencyCode: 'USD' } }, 'InvalidParameterValue'],
      [refundOf(chargeId, '12.5'), 'InvalidParameterValue'],
      [refundOf(chargeId, 0), 'InvalidParameterValue'],
      [refundOf(chargeId, 100, { softDescriptor: 'seventeen chars!!' }), 'InvalidParameterValue'],
      // Amazon's maximum for one refund, whatever the charge.
      [refundOf(chargeId, 10_000_001), 'TransactionAmountExceeded'],
    ];
    for (const [body, reasonCode] of refusals) {
      expect(await client.createRefund(body, key())).toEqual({ status: 400, body: { reasonCode, message: expect.any(String) } });
    }
    expect((await client.createRefund({ chargeId }, key())).body.reasonCode).toBe('MissingParameterValue');
    expect((await client.createRefund(refundOf(chargeId, 100, { note: 'x' }), key())).body.reasonCode).toBe('UnrecognizedField');
    expect(await refundedAmount(chargeId)).toEqual(yen(0));
  });
});

describe('fault injection and the index page', () => {
  it("fails refund calls with Amazon's 500 body while faults are on", async () => {
    const { chargeId } = await capturedCharge(3000);
    await fetch(`${sandbox.base}/__control/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorRate: 1 }),
    });
    const failed = await client.createRefund(refundOf(chargeId, 1000), key());
    expect(failed).toEqual({ status: 500, body: { reasonCode: 'InternalServerError', message: expect.any(String) } });
    expect((await client.getRefund('any')).status).toBe(500);
    await fetch(`${sandbox.base}/__control/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorRate: 0 }),
    });
    expect(await refundedAmount(chargeId)).toEqual(yen(0));
  });

  it('lists recent refunds, settled by being shown', async () => {
    const { chargeId } = await capturedCharge(3000);
    const { body } = await client.createRefund(refundOf(chargeId, 1200), key());
    const html = await (await fetch(`${sandbox.base}/`)).text();
    expect(html).toContain('Recent refunds');
    expect(html).toContain(`<code>${body.refundId}</code></td><td><code>${chargeId}</code></td><td>¥1200</td><td>Refunded</td>`);
  });
});
