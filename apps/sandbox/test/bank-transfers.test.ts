// Contract of the bank's outgoing transfers and account check (ADR 074), over real HTTP: a transfer
// is processing, then succeeds or fails by the test accounts with a signed event; the same
// Idempotency-Key and body answer the same transfer; bad input, no key or no API key change nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyBankWebhook } from '../src/bank/webhook-signature';
import { startBankSandbox, WEBHOOK_SECRET, type BankSandbox } from './bank-harness';

let bank: BankSandbox;
beforeAll(async () => {
  bank = await startBankSandbox();
});
afterEach(() => bank.reset());
afterAll(() => bank.close());

const payee = {
  bank_code: '0005',
  branch_code: '123',
  account_type: 'ordinary',
  account_number: '1234567',
  account_holder: 'トクヒ）サクラノキキン',
};
let references = 0;
const transferBody = (overrides: Record<string, unknown> = {}) => ({
  ...payee,
  amount: 18_000,
  reference: `payout_${++references}`,
  ...overrides,
});
/** `null` sends no Idempotency-Key. */
const send = (body: Record<string, unknown>, key: string | null = `key-${String(body.reference)}`) =>
  bank.call('POST', '/transfers', body, key === null ? {} : { 'idempotency-key': key });
const check = (overrides: Record<string, unknown> = {}) => bank.call('POST', '/account-checks', { ...payee, ...overrides });

/** The transfer once the sandbox clock is past its completion: a read completes it. */
async function completed(id: string) {
  await bank.advanceClock(1_000);
  return (await bank.call('GET', `/transfers/${id}`)).json;
}

describe('POST /bank/v1/transfers', () => {
  it('accepts a transfer as processing, then succeeds a moment later with a signed transfer.succeeded webhook', async () => {
    const sent = await send(transferBody({ reference: 'payout_2026_10_a1' }));
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({
      object: 'transfer',
      id: expect.stringMatching(/^tr_\w+$/),
      ...payee,
      amount: 18_000,
      reference: 'payout_2026_10_a1',
      status: 'processing',
      failure_code: null,
      completed_at: null,
    });
    // No clock move: the bank's own timer completes it, and the merchant hears of it by webhook.
    const events = async () => (await bank.call('GET', '/events')).json.data as { id: string; type: string }[];
    let event: { id: string; type: string } | undefined;
    for (let tries = 0; !event && tries < 100; tries++) {
      await new Promise((done) => setTimeout(done, 50));
      event = (await events()).find((candidate) => candidate.type.startsWith('transfer.'));
    }
    expect(event?.type).toBe('transfer.succeeded');
    const delivery = await bank.receiver.waitFor(event!.id);
    expect(verifyBankWebhook(delivery.body, delivery.headers['x-bank-signature'] as string, WEBHOOK_SECRET)).toBe(true);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'transfer.succeeded',
      data: { transfer: { id: sent.json.id, status: 'succeeded' } },
    });
    const read = await bank.call('GET', `/transfers/${sent.json.id}`);
    expect(read.json).toMatchObject({ status: 'succeeded', failure_code: null, completed_at: expect.any(String) });
  });

  it.each([
    ['9999', payee.account_holder, 'account_not_found'],
    ['8888', payee.account_holder, 'account_closed'],
    ['7777', payee.account_holder, 'holder_mismatch'],
  ])('fails a transfer to an account ending %s as %s', async (ending, holder, code) => {
    const sent = await send(transferBody({ account_number: `123${ending}`, account_holder: holder }));
    expect(sent.json.status).toBe('processing');
    const done = await completed(sent.json.id);
    expect(done).toMatchObject({ status: 'failed', failure_code: code, failure_message: expect.any(String) });
    const events = (await bank.call('GET', '/events')).json.data;
    expect(events).toContainEqual(expect.objectContaining({ type: 'transfer.failed', data: { transfer: done } }));
  });

  it('pays the …7777 account when the name is its holder, whatever spaces it is typed with', async () => {
    const sent = await send(transferBody({ account_number: '0007777', account_holder: 'サンドボックス ハナコ' }));
    expect((await completed(sent.json.id)).status).toBe('succeeded');
  });

  it('answers the same transfer to the same key and body, once, and refuses the key for another body', async () => {
    const body = transferBody();
    const first = await send(body, 'payout-key-1');
    const again = await send(body, 'payout-key-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.id).toBe(first.json.id);
    const other = await send({ ...body, amount: 18_001 }, 'payout-key-1');
    expect(other).toMatchObject({ status: 409, json: { error: { code: 'idempotency_key_reused' } } });
    const sameReference = await send(body, 'payout-key-2');
    expect(sameReference).toMatchObject({ status: 409, json: { error: { code: 'reference_conflict' } } });
    const listed = await bank.call('GET', `/transfers?reference=${String(body.reference)}`);
    expect(listed.json).toMatchObject({ object: 'list', data: [{ id: first.json.id }], has_more: false });
    expect((await bank.call('GET', '/transfers?reference=nobody')).json.data).toEqual([]);
  });

  it.each([
    ['no Idempotency-Key', transferBody(), null],
    ['a 3-digit bank code', transferBody({ bank_code: '005' }), 'k1'],
    ['a 4-digit branch code', transferBody({ branch_code: '1234' }), 'k2'],
    ['an unknown account type', transferBody({ account_type: 'checking' }), 'k3'],
    ['a 6-digit account number', transferBody({ account_number: '123456' }), 'k4'],
    ['a holder in kanji', transferBody({ account_holder: '山田太郎' }), 'k5'],
    ['a holder in hiragana', transferBody({ account_holder: 'やまだ' }), 'k6'],
    ['a zero amount', transferBody({ amount: 0 }), 'k7'],
    ['a fractional amount', transferBody({ amount: 1.5 }), 'k8'],
    ['a reference of 65 characters', transferBody({ reference: 'r'.repeat(65) }), 'k9'],
    ['an unknown field', transferBody({ memo: 'x' }), 'k10'],
  ])('refuses %s with 400 and sends nothing', async (_case, body, key) => {
    const refused = await send(body, key);
    expect(refused).toMatchObject({ status: 400, json: { error: { code: 'invalid_request', message: expect.any(String) } } });
    expect((await bank.call('GET', '/transfers')).json.data).toEqual([]);
  });

  it('refuses a call without the API key with 401', async () => {
    const response = await fetch(`${bank.base}/bank/v1/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'anon' },
      body: JSON.stringify(transferBody()),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    expect((await fetch(`${bank.base}/bank/v1/account-checks`, { method: 'POST' })).status).toBe(401);
    expect((await bank.call('GET', '/transfers')).json.data).toEqual([]);
  });

  it('answers 500 under fault injection and sends nothing; the retry with the same key sends one', async () => {
    const body = transferBody();
    await bank.setFaults({ errorRate: 1 });
    expect((await send(body, 'flaky')).status).toBe(500);
    await bank.setFaults({ errorRate: 0 });
    expect((await send(body, 'flaky')).status).toBe(201);
    expect((await send(body, 'flaky')).status).toBe(200);
    expect((await bank.call('GET', '/transfers')).json.data).toHaveLength(1);
  });

  it('reports an unknown transfer as not_found', async () => {
    expect(await bank.call('GET', '/transfers/tr_unknown')).toMatchObject({ status: 404, json: { error: { code: 'not_found' } } });
  });

  it('lists transfers on the bank page with their outcome', async () => {
    const sent = await send(transferBody({ account_number: '1238888', reference: 'payout_page' }));
    await completed(sent.json.id);
    const html = await (await fetch(`${bank.base}/bank/transfers`)).text();
    expect(html).toContain('payout_page');
    expect(html).toContain('The payee account is closed.');
    expect(await (await fetch(`${bank.base}/`)).text()).toContain('payout_page');
  });
});

describe('POST /bank/v1/account-checks', () => {
  it('matches an open account held by the name given and says who holds it', async () => {
    expect(await check()).toMatchObject({
      status: 200,
      json: { object: 'account_check', result: 'match', registered_holder: payee.account_holder },
    });
  });

  it.each([
    ['9999', 'account_not_found'],
    ['8888', 'account_closed'],
  ])('reports an account ending %s as %s, naming no holder', async (ending, result) => {
    const { json } = await check({ account_number: `123${ending}` });
    expect(json.result).toBe(result);
    expect(json).not.toHaveProperty('registered_holder');
  });

  it('reports a holder mismatch on …7777 with the holder on record, and a match for that name', async () => {
    expect((await check({ account_number: '1237777' })).json).toMatchObject({
      result: 'holder_mismatch',
      registered_holder: 'サンドボックス　ハナコ',
    });
    expect((await check({ account_number: '1237777', account_holder: 'サンドボックスハナコ' })).json.result).toBe('match');
  });

  it('refuses bad input with 400', async () => {
    expect(await check({ account_holder: 'Yamada' })).toMatchObject({ status: 400, json: { error: { code: 'invalid_request' } } });
    expect((await check({ account_number: '12345678' })).status).toBe(400);
    expect((await check({ amount: 1 })).status).toBe(400);
  });
});
