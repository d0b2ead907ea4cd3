// Contract of the bank's virtual-account API (src/bank/index.ts), over real HTTP: issuing, reading,
// idempotency, authentication, validation, expiry by the sandbox clock, closing, fault injection.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBankSandbox, type BankSandbox } from './bank-harness';

let bank: BankSandbox;
beforeAll(async () => {
  bank = await startBankSandbox();
});
afterEach(() => bank.reset());
afterAll(() => bank.close());

const DAY_MS = 86_400_000;

describe('POST /bank/v1/virtual-accounts', () => {
  it('issues an ordinary account at the online bank with a 7-digit number', async () => {
    const { status, json } = await bank.issue({ amount: 12_345, reference: 'don_fields', expires_in_days: 7 });
    expect(status).toBe(201);
    expect(json).toMatchObject({
      object: 'virtual_account',
      bank_name: 'サンドボックス銀行',
      bank_name_en: 'Sandbox Bank',
      branch_name: 'さくら支店',
      branch_name_en: 'Sakura Branch',
      account_type: 'ordinary',
      account_holder: 'キフ（カ',
      account_holder_en: 'KIFU CO., LTD.',
      amount: 12_345,
      deposited_amount: 0,
      status: 'waiting',
      reference: 'don_fields',
      deposits: [],
      closed_at: null,
    });
    expect(json.id).toMatch(/^va_\w+$/);
    expect(json.bank_code).toMatch(/^\d{4}$/);
    expect(json.branch_code).toMatch(/^\d{3}$/);
    expect(json.account_number).toMatch(/^\d{7}$/);
    expect(Date.parse(json.created_at)).not.toBeNaN();
  });

  it('sets a deadline of expires_in_days at 23:59:59 Japan time', async () => {
    const { json } = await bank.issue({ expires_in_days: 3 });
    const expiresAt = new Date(json.expires_at);
    const createdAt = new Date(json.created_at);
    expect(new Date(expiresAt.getTime() + 9 * 3_600_000).toISOString().slice(11, 19)).toBe('23:59:59');
    const days = (expiresAt.getTime() - createdAt.getTime()) / DAY_MS;
    expect(days).toBeGreaterThan(2);
    expect(days).toBeLessThanOrEqual(4);
  });

  it('takes an explicit expires_at', async () => {
    const at = new Date(Date.now() + 2 * DAY_MS);
    const { status, json } = await bank.issue({ expires_in_days: undefined, expires_at: at.toISOString().replace('Z', '+00:00') });
    expect(status).toBe(201);
    expect(json.expires_at).toBe(at.toISOString());
  });

  it('gives every account its own number', async () => {
    const numbers = new Set<string>();
    for (let index = 0; index < 20; index++) numbers.add((await bank.issue()).json.account_number);
    expect(numbers.size).toBe(20);
  });

  it('uses a katakana holder name and romanises it for English', async () => {
    const { json } = await bank.issue({ holder_name: 'キフ（カ　チャリティー' });
    expect(json).toMatchObject({ account_holder: 'キフ（カ　チャリティー', account_holder_en: 'KIFU(KA CHARITI' });
    const named = await bank.issue({ holder_name: 'キフ（カ', holder_name_en: 'KIFU CO., LTD.' });
    expect(named.json.account_holder_en).toBe('KIFU CO., LTD.');
  });

  it('answers a retry with the same reference and body with the same account', async () => {
    const request = { amount: 3_000, reference: 'don_retry', expires_in_days: 5 };
    const first = await bank.issue(request);
    const again = await bank.issue(request);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
  });

  it('refuses the same reference with a different body with 409', async () => {
    await bank.issue({ amount: 3_000, reference: 'don_conflict' });
    const { status, json } = await bank.issue({ amount: 4_000, reference: 'don_conflict' });
    expect(status).toBe(409);
    expect(json).toEqual({ error: { code: 'reference_conflict', message: expect.any(String) } });
  });

  it('replays by Idempotency-Key and refuses a key reused for another request', async () => {
    const key = { 'idempotency-key': 'key-1' };
    const first = await bank.call('POST', '/virtual-accounts', { amount: 1_000, reference: 'don_key', expires_in_days: 1 }, key);
    const again = await bank.call('POST', '/virtual-accounts', { amount: 1_000, reference: 'don_key', expires_in_days: 1 }, key);
    expect(again.json.id).toBe(first.json.id);
    const reused = await bank.call('POST', '/virtual-accounts', { amount: 1_000, reference: 'don_other', expires_in_days: 1 }, key);
    expect(reused.status).toBe(409);
    expect(reused.json.error.code).toBe('idempotency_key_reused');
  });

  it.each([
    ['no header', {}],
    ['a wrong key', { authorization: 'Bearer wrong' }],
    ['Basic auth', { authorization: `Basic ${Buffer.from('bank_test_kifu_sandbox_key:').toString('base64')}` }],
  ])('answers 401 to %s', async (_name, headers) => {
    const response = await fetch(`${bank.base}/bank/v1/virtual-accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ amount: 1_000, reference: 'don_401', expires_in_days: 1 }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it.each([
    ['zero', 0],
    ['over the bank-transfer maximum', 10_000_000],
    ['a fraction of a yen', 1.5],
  ])('answers 422 invalid_amount to %s', async (_name, amount) => {
    const { status, json } = await bank.issue({ amount });
    expect(status).toBe(422);
    expect(json.error.code).toBe('invalid_amount');
  });

  it('accepts the bank-transfer maximum of ¥9,999,999', async () => {
    expect((await bank.issue({ amount: 9_999_999 })).status).toBe(201);
  });

  it.each([
    ['amount as a string', { amount: '5000' }],
    ['no reference', { reference: undefined }],
    ['both deadlines', { expires_at: new Date(Date.now() + DAY_MS).toISOString() }],
    ['no deadline', { expires_in_days: undefined }],
    ['an unknown field', { currency: 'JPY' }],
    ['a deadline that is not a date', { expires_in_days: undefined, expires_at: 'tomorrow' }],
  ])('answers 400 invalid_request to %s', async (_name, overrides) => {
    const { status, json } = await bank.issue(overrides);
    expect(status).toBe(400);
    expect(json.error.code).toBe('invalid_request');
  });

  it('answers 400 to malformed JSON in the bank error shape', async () => {
    const response = await fetch(`${bank.base}/bank/v1/virtual-accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bank_test_kifu_sandbox_key' },
      body: '{"amount":',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });

  it.each([
    ['a past expires_at', { expires_in_days: undefined, expires_at: new Date(Date.now() - DAY_MS).toISOString() }],
    ['more than a year away', { expires_in_days: 400 }],
    ['a holder name in kanji', { holder_name: '寄付株式会社' }],
  ])('answers 422 to %s', async (_name, overrides) => {
    const { status, json } = await bank.issue(overrides);
    expect(status).toBe(422);
    expect(json.error.code).toMatch(/^invalid_(expiry|holder_name)$/);
  });
});

describe('reading accounts', () => {
  it('reads an account by id and finds it by reference', async () => {
    const issued = (await bank.issue({ reference: 'don_find' })).json;
    expect((await bank.call('GET', `/virtual-accounts/${issued.id}`)).json).toEqual(issued);
    const list = (await bank.call('GET', '/virtual-accounts?reference=don_find')).json;
    expect(list).toEqual({ object: 'list', data: [issued], has_more: false });
    expect((await bank.call('GET', '/virtual-accounts?reference=nobody')).json.data).toEqual([]);
  });

  it('answers 404 not_found for an unknown account or route', async () => {
    const unknown = await bank.call('GET', '/virtual-accounts/va_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect((await bank.deposit('va_nope', { kind: 'exact' })).status).toBe(404);
    expect((await bank.call('POST', '/virtual-accounts/va_nope/close')).status).toBe(404);
    expect((await bank.call('GET', '/nothing-here')).json.error.code).toBe('not_found');
  });

  it('reads as expired once the sandbox clock passes the deadline with nothing deposited', async () => {
    const { id } = (await bank.issue({ expires_in_days: 1 })).json;
    await bank.advanceClock(DAY_MS);
    expect((await bank.call('GET', `/virtual-accounts/${id}`)).json.status).toBe('waiting');
    await bank.advanceClock(2 * DAY_MS);
    expect((await bank.call('GET', `/virtual-accounts/${id}`)).json.status).toBe('expired');
  });
});

describe('POST /bank/v1/virtual-accounts/:id/close', () => {
  it('closes once, stays closed and refuses further deposits with 409', async () => {
    const { id } = (await bank.issue()).json;
    const closed = await bank.call('POST', `/virtual-accounts/${id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.json.closed_at).toEqual(expect.any(String));
    expect((await bank.call('POST', `/virtual-accounts/${id}/close`)).json.closed_at).toBe(closed.json.closed_at);
    const refused = await bank.deposit(id, { kind: 'exact' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('account_closed');
  });
});

describe('fault injection', () => {
  it('fails the merchant API with 500 in the bank error shape, but still lets a tester deposit', async () => {
    const { id } = (await bank.issue()).json;
    await bank.setFaults({ errorRate: 1 });
    const failed = await bank.issue();
    expect(failed.status).toBe(500);
    expect(failed.json).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
    expect((await bank.call('GET', `/virtual-accounts/${id}`)).status).toBe(500);
    expect((await bank.deposit(id, { kind: 'exact' })).status).toBe(201);
    expect((await fetch(`${bank.base}/bank/deposit/${id}`)).status).toBe(200);
    await bank.setFaults({ errorRate: 0 });
    expect((await bank.call('GET', `/virtual-accounts/${id}`)).json.status).toBe('paid');
  });
});
