// The history calls of the emulators that hold payments (shared/payment-history.ts, ADR 072): card
// charges, wallet charges and bank accounts paid before the sandbox started are held as paid, less
// what was refunded, so the provider's own refund call finds them and bounds a new refund by what
// is left; sending the same history again holds nothing twice and never undoes a refund made since;
// bad input is a 400 that holds nothing.
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HISTORY_PAYMENTS } from '../src/shared/payment-history';
import { idempotencyKey, startWalletSandbox, type WalletSandbox } from './wallet-harness';

let sandbox: WalletSandbox;

beforeAll(async () => {
  sandbox = await startWalletSandbox();
});
afterEach(async () => {
  await fetch(`${sandbox.base}/__control/reset`, { method: 'POST' });
});
afterAll(() => sandbox.app.close());

const PAID_AT = '2024-05-10T01:23:45.000Z';
const past = (id: string, amount: number, refunded = 0) => ({ id, amount, paid_at: PAID_AT, refunded_amount: refunded });

type Emulator = 'card' | 'wallet' | 'bank';

async function sendHistory(emulator: Emulator, body: unknown, contentType = 'application/json') {
  const response = await fetch(`${sandbox.base}/${emulator}/__payment-history`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function card(method: string, path: string, json?: unknown) {
  const response = await fetch(`${sandbox.base}${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${SANDBOX_CREDENTIALS.card.secretKey}:`).toString('base64')}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- contract tests read the wire JSON
  return { status: response.status, body: (await response.json()) as any };
}

async function bank(method: string, path: string, json?: unknown, key?: string) {
  const response = await fetch(`${sandbox.base}/bank/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${SANDBOX_CREDENTIALS.bank.apiKey}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- contract tests read the wire JSON
  return { status: response.status, body: (await response.json()) as any };
}

const walletRefund = (chargeId: string, amount: number) =>
  sandbox.client.createRefund({ chargeId, refundAmount: { amount: String(amount), currencyCode: 'JPY' } }, idempotencyKey());

describe('card charges made before the sandbox started', () => {
  it('are paid charges, less what was refunded, that refunds find and bound', async () => {
    expect((await sendHistory('card', { payments: [past('chrg_demo_console_1', 5_000, 1_000)] })).body).toEqual({ held: 1, known: 0 });
    const charge = (await card('GET', '/charges/chrg_demo_console_1')).body;
    expect(charge).toMatchObject({
      id: 'chrg_demo_console_1',
      amount: 5_000,
      status: 'successful',
      paid: true,
      captured_amount: 5_000,
      refunded_amount: 1_000,
      paid_at: '2024-05-10T01:23:45Z',
      partially_refundable: true,
      card: { name: '' },
    });

    expect((await card('POST', '/charges/chrg_demo_console_1/refunds', { amount: 1_500, metadata: { kifu_refund_id: 7 } })).status).toBe(
      200,
    );
    const over = await card('POST', '/charges/chrg_demo_console_1/refunds', { amount: 2_501 });
    expect(over).toMatchObject({ status: 400, body: { code: 'failed_refund' } });
    expect((await card('GET', '/charges/chrg_demo_console_1')).body.refunded_amount).toBe(2_500);
  });

  it('sent again after a restart of the merchant, hold nothing twice and keep the refunds made since', async () => {
    const history = { payments: [past('chrg_demo_console_2', 3_000), past('chrg_demo_console_3', 4_000)] };
    await sendHistory('card', history);
    await card('POST', '/charges/chrg_demo_console_2/refunds', { amount: 3_000 });
    expect((await sendHistory('card', history)).body).toEqual({ held: 0, known: 2 });
    const list = (await card('GET', '/charges?limit=100')).body.data as { id: string }[];
    expect(list.filter((charge) => charge.id.startsWith('chrg_demo_console_'))).toHaveLength(2);
    const refunded = (await card('GET', '/charges/chrg_demo_console_2')).body;
    expect(refunded).toMatchObject({ refunded_amount: 3_000, refundable: false });
    expect((await card('GET', '/charges/chrg_demo_console_2/refunds')).body.data).toHaveLength(1);
  });

  it('a payment the gateway never held is still not found', async () => {
    await sendHistory('card', { payments: [past('chrg_demo_console_4', 3_000)] });
    expect(await card('POST', '/charges/chrg_demo_console_5/refunds', { amount: 100 })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
  });
});

describe('wallet charges made before the sandbox started', () => {
  it('are captured charges whose refunds go through Amazon’s two steps, bounded by what is left', async () => {
    expect((await sendHistory('wallet', { payments: [past('demo-wallet-console-1', 8_000, 2_000)] })).body).toEqual({
      held: 1,
      known: 0,
    });
    const charge = await sandbox.client.getCharge('demo-wallet-console-1');
    expect(charge.body).toMatchObject({
      chargeId: 'demo-wallet-console-1',
      captureAmount: { amount: '8000' },
      refundedAmount: { amount: '2000' },
      statusDetails: { state: 'Captured' },
    });
    // The charge's own permission tells nothing of the buyer.
    const permission = await sandbox.client.getChargePermission(charge.body.chargePermissionId);
    expect(permission.body.buyer).toMatchObject({ name: null, email: null, phoneNumber: null });

    const refund = await walletRefund('demo-wallet-console-1', 6_000);
    expect(refund).toMatchObject({ status: 201, body: { statusDetails: { state: 'RefundInitiated' } } });
    expect((await sandbox.client.getRefund(refund.body.refundId)).body.statusDetails.state).toBe('Refunded');
    expect((await sandbox.client.getCharge('demo-wallet-console-1')).body.refundedAmount).toEqual({ amount: '8000', currencyCode: 'JPY' });
    // Amazon's allowance above the capture (15%, here ¥1,200) is all that is left.
    expect((await walletRefund('demo-wallet-console-1', 1_201)).body).toMatchObject({ reasonCode: 'TransactionAmountExceeded' });
  });

  it('sent again, hold nothing twice and keep the refunds made since', async () => {
    const history = { payments: [past('demo-wallet-console-2', 3_000)] };
    await sendHistory('wallet', history);
    const refund = await walletRefund('demo-wallet-console-2', 3_000);
    await sandbox.client.getRefund(refund.body.refundId);
    expect((await sendHistory('wallet', history)).body).toEqual({ held: 0, known: 1 });
    expect((await sandbox.client.getCharge('demo-wallet-console-2')).body.refundedAmount.amount).toBe('3000');
  });
});

describe('bank accounts paid before the sandbox started', () => {
  it('are closed paid accounts whose refunds go back through the bank, bounded by what is left', async () => {
    expect((await sendHistory('bank', { payments: [past('va_demo_console_1', 30_000, 10_000)] })).body).toEqual({ held: 1, known: 0 });
    const account = (await bank('GET', '/virtual-accounts/va_demo_console_1')).body;
    expect(account).toMatchObject({
      id: 'va_demo_console_1',
      amount: 30_000,
      deposited_amount: 30_000,
      refunded_amount: 10_000,
      status: 'paid',
      reference: 'va_demo_console_1',
      closed_at: PAID_AT,
    });
    // Closed: not on the deposit page, which lists the accounts waiting for money.
    expect(await (await fetch(`${sandbox.base}/bank/deposit`)).text()).not.toContain(account.account_number);

    expect((await bank('POST', '/virtual-accounts/va_demo_console_1/refunds', { amount: 5_000 }, 'kifu-gift-refund-1')).status).toBe(201);
    expect(await bank('POST', '/virtual-accounts/va_demo_console_1/refunds', { amount: 15_001 }, 'kifu-gift-refund-2')).toMatchObject({
      status: 400,
      body: { error: { code: 'refund_exceeds_deposits' } },
    });
  });

  it('sent again, hold nothing twice and keep the refunds made since', async () => {
    const history = { payments: [past('va_demo_console_2', 12_000)] };
    await sendHistory('bank', history);
    await bank('POST', '/virtual-accounts/va_demo_console_2/refunds', { amount: 12_000 }, 'kifu-gift-refund-3');
    expect((await sendHistory('bank', history)).body).toEqual({ held: 0, known: 1 });
    expect((await bank('GET', '/virtual-accounts/va_demo_console_2')).body).toMatchObject({ refunded_amount: 12_000 });
    expect((await bank('GET', '/virtual-accounts?reference=va_demo_console_2')).body.data).toHaveLength(1);
  });
});

describe('bad history', () => {
  const garbage: [string, unknown][] = [
    ['no list', {}],
    ['a list of something else', { payments: ['chrg_1'] }],
    ['more than the limit', { payments: Array.from({ length: MAX_HISTORY_PAYMENTS + 1 }, (_, index) => past(`p_${index}`, 1_000)) }],
    ['a refund above the amount', { payments: [past('p_1', 1_000, 1_001)] }],
    ['an amount of no yen', { payments: [past('p_1', 0)] }],
    ['a fraction of a yen', { payments: [past('p_1', 100.5)] }],
    ['an amount beyond any payment', { payments: [past('p_1', 10_000_000)] }],
    ['an id a path cannot carry', { payments: [past('../charges', 1_000)] }],
    ['an id too long', { payments: [past('p'.repeat(65), 1_000)] }],
    ['a date that is not one', { payments: [{ ...past('p_1', 1_000), paid_at: 'yesterday' }] }],
    ['a field nobody asked for', { payments: [{ ...past('p_1', 1_000), card_number: '4242424242424242' }] }],
    ['a missing refunded amount', { payments: [{ id: 'p_1', amount: 1_000, paid_at: PAID_AT }] }],
  ];

  for (const emulator of ['card', 'wallet', 'bank'] as const) {
    it(`is refused by the ${emulator} emulator with a 400 and holds nothing`, async () => {
      for (const [what, body] of garbage) {
        const answer = await sendHistory(emulator, body);
        expect(answer.status, what).toBe(400);
      }
      expect((await sendHistory(emulator, '{"payments": [', 'application/json')).status).toBe(400);
      expect((await sendHistory(emulator, 'payments=1', 'text/plain')).status).toBeGreaterThanOrEqual(400);
      // A valid call after them holds its payment: none of the refused ones was held on the way.
      expect((await sendHistory(emulator, { payments: [past('p_1', 1_000)] })).body).toEqual({ held: 1, known: 0 });
    });
  }
});
