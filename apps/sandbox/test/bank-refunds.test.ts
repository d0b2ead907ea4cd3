// Contract of the bank's refunds (ADR 035): a merchant sends back money that arrived over the
// amount or too late — at most what arrived and was not refunded yet, once per Idempotency-Key.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBankSandbox, type BankSandbox } from './bank-harness';

let bank: BankSandbox;
beforeAll(async () => {
  bank = await startBankSandbox();
});
afterEach(() => bank.reset());
afterAll(() => bank.close());

const refund = (id: string, amount: number, key: string) =>
  bank.call('POST', `/virtual-accounts/${id}/refunds`, { amount }, { 'idempotency-key': key });

describe('POST /bank/v1/virtual-accounts/:id/refunds', () => {
  it('sends back part of an over deposit to the depositor and shows it on the account', async () => {
    const account = (await bank.issue({ amount: 10_000 })).json;
    await bank.deposit(account.id, { kind: 'over', depositor_name: 'スズキ　ハナコ' });
    const sent = await refund(account.id, 1_000, 'refund-1');
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({
      object: 'refund',
      id: expect.stringMatching(/^rfd_/),
      amount: 1_000,
      to: 'スズキ　ハナコ',
      virtual_account: { refunded_amount: 1_000 },
    });
    const read = await bank.call('GET', `/virtual-accounts/${account.id}`);
    expect(read.json).toMatchObject({ deposited_amount: 11_000, refunded_amount: 1_000, refunds: [{ id: sent.json.id, amount: 1_000 }] });
  });

  it('answers the same refund to the same Idempotency-Key, and never more than arrived', async () => {
    const account = (await bank.issue({ amount: 10_000 })).json;
    await bank.deposit(account.id, { kind: 'over' });
    const first = await refund(account.id, 1_000, 'same-key');
    const again = await refund(account.id, 1_000, 'same-key');
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    expect((await bank.call('GET', `/virtual-accounts/${account.id}`)).json.refunded_amount).toBe(1_000);
    const tooMuch = await refund(account.id, 10_001, 'other-key');
    expect(tooMuch).toMatchObject({ status: 400, json: { error: { code: 'refund_exceeds_deposits' } } });
  });

  it('needs an Idempotency-Key and a positive whole amount', async () => {
    const account = (await bank.issue({ amount: 10_000 })).json;
    await bank.deposit(account.id, { kind: 'exact' });
    expect((await bank.call('POST', `/virtual-accounts/${account.id}/refunds`, { amount: 100 })).status).toBe(400);
    expect((await refund(account.id, 0, 'k')).status).toBe(400);
    expect((await refund(account.id, 1.5, 'k2')).status).toBe(400);
    expect((await refund('va_unknown', 100, 'k3')).status).toBe(404);
  });
});
