// Contract of simulated deposits and the bank's signed webhooks (src/bank/index.ts): each kind of
// transfer sets the status Kifu acts on, and every deposit reaches Kifu — by webhook, or through
// GET /v1/events when the webhook is lost.
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseBankSignature, signBankWebhook, verifyBankWebhook } from '../src/bank/webhook-signature';
import { startBankSandbox, WEBHOOK_SECRET, type BankSandbox, type ReceivedWebhook } from './bank-harness';

let bank: BankSandbox;
beforeAll(async () => {
  bank = await startBankSandbox();
});
afterEach(() => bank.reset());
afterAll(() => bank.close());

const DAY_MS = 86_400_000;

/** Checks the delivery with the bank's helper and with an HMAC written here from the protocol. */
function expectSignedBySandboxBank(delivery: ReceivedWebhook) {
  const header = delivery.headers['x-bank-signature'] as string;
  expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(verifyBankWebhook(delivery.body, header, WEBHOOK_SECRET)).toBe(true);
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(header)!;
  expect(createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${delivery.body}`).digest('hex')).toBe(v1);
  expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
  expect(delivery.headers['content-type']).toContain('application/json');
}

describe('POST /bank/v1/virtual-accounts/:id/deposits', () => {
  it.each([
    ['exact', 10_000, 'paid'],
    ['short', 9_000, 'short'],
    ['over', 11_000, 'over'],
    ['late', 10_000, 'late'],
  ] as const)('a %s deposit books ¥%i, makes the account %s and sends a signed webhook', async (kind, amount, status) => {
    const account = (await bank.issue({ amount: 10_000, expires_in_days: 3 })).json;
    const { status: httpStatus, json: event } = await bank.deposit(account.id, { kind, depositor_name: 'スズキ　ハナコ' });
    expect(httpStatus).toBe(201);
    expect(event).toMatchObject({
      type: 'virtual_account.deposited',
      data: {
        virtual_account: { id: account.id, reference: account.reference, amount: 10_000, deposited_amount: amount, status },
        deposit: { amount, depositor_name: 'スズキ　ハナコ' },
      },
    });
    expect(event.id).toMatch(/^evt_\w+$/);
    expect(event.data.deposit.id).toMatch(/^dep_\w+$/);
    const depositedAt = Date.parse(event.data.deposit.deposited_at);
    if (kind === 'late') expect(depositedAt).toBeGreaterThan(Date.parse(account.expires_at));
    else expect(depositedAt).toBeLessThanOrEqual(Date.parse(account.expires_at));

    const delivery = await bank.receiver.waitFor(event.id);
    expectSignedBySandboxBank(delivery);
    expect(JSON.parse(delivery.body)).toEqual(event);

    const read = (await bank.call('GET', `/virtual-accounts/${account.id}`)).json;
    expect(read.status).toBe(status);
    expect(read.deposits).toEqual([event.data.deposit]);
  });

  it('adds up deposits: short, then the rest, is paid', async () => {
    const { id } = (await bank.issue({ amount: 5_000 })).json;
    expect((await bank.deposit(id, { kind: 'short' })).json.data.virtual_account).toMatchObject({
      status: 'short',
      deposited_amount: 4_000,
    });
    const rest = (await bank.deposit(id, { kind: 'exact' })).json;
    expect(rest.data.deposit.amount).toBe(1_000);
    expect(rest.data.virtual_account).toMatchObject({ status: 'paid', deposited_amount: 5_000 });
    await bank.receiver.waitFor(rest.id);
  });

  it('takes an explicit amount and makes a second full payment over', async () => {
    const { id } = (await bank.issue({ amount: 2_000 })).json;
    expect((await bank.deposit(id, { amount: 2_000 })).json.data.virtual_account.status).toBe('paid');
    expect((await bank.deposit(id, {})).json.data.virtual_account).toMatchObject({ status: 'over', deposited_amount: 4_000 });
  });

  it('books a deposit after the deadline as late', async () => {
    const { id } = (await bank.issue({ amount: 3_000, expires_in_days: 1 })).json;
    await bank.advanceClock(3 * DAY_MS);
    expect((await bank.call('GET', `/virtual-accounts/${id}`)).json.status).toBe('expired');
    expect((await bank.deposit(id, { kind: 'exact' })).json.data.virtual_account.status).toBe('late');
  });

  it('keeps a paid account paid after its deadline', async () => {
    const { id } = (await bank.issue({ expires_in_days: 1 })).json;
    await bank.deposit(id, { kind: 'exact' });
    await bank.advanceClock(3 * DAY_MS);
    expect((await bank.call('GET', `/virtual-accounts/${id}`)).json.status).toBe('paid');
  });

  it.each([
    ['an unknown kind', { kind: 'double' }],
    ['a zero amount', { amount: 0 }],
    ['an unknown field', { currency: 'JPY' }],
  ])('answers 400 to %s', async (_name, body) => {
    const { id } = (await bank.issue()).json;
    const { status, json } = await bank.deposit(id, body);
    expect(status).toBe(400);
    expect(json.error.code).toBe('invalid_request');
  });

  it('needs the API key', async () => {
    const { id } = (await bank.issue()).json;
    const response = await fetch(`${bank.base}/bank/v1/virtual-accounts/${id}/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});

describe('missed webhooks and GET /bank/v1/events', () => {
  it('records the deposit even when its webhook is dropped, and lists it in the events', async () => {
    const { id } = (await bank.issue()).json;
    const since = new Date(Date.now() - 1_000).toISOString();
    await bank.setFaults({ dropWebhookRate: 1 });
    const event = (await bank.deposit(id, { kind: 'exact' })).json;
    await new Promise((done) => setTimeout(done, 50));
    expect(bank.receiver.received.some((delivery) => delivery.headers['x-bank-event-id'] === event.id)).toBe(false);
    const { activity } = (await (await fetch(`${bank.base}/__control/activity`)).json()) as { activity: { action: string }[] };
    expect(activity.map((entry) => entry.action)).toContain('webhook dropped (fault injection)');

    const events = await bank.call('GET', `/events?since=${encodeURIComponent(since)}`);
    expect(events.json).toEqual({ object: 'list', data: [event], has_more: false });
    expect((await bank.call('GET', `/events/${event.id}`)).json).toEqual(event);
    expect((await bank.call('GET', `/virtual-accounts/${id}`)).json.status).toBe('paid');
  });

  it('lists events oldest first, from `since` inclusive, a page at a time', async () => {
    const { id } = (await bank.issue({ amount: 9_000 })).json;
    const first = (await bank.deposit(id, { amount: 1_000 })).json;
    await bank.advanceClock(1_000);
    const second = (await bank.deposit(id, { amount: 2_000 })).json;
    expect((await bank.call('GET', '/events')).json.data.map((event: { id: string }) => event.id)).toEqual([first.id, second.id]);
    expect((await bank.call('GET', `/events?since=${encodeURIComponent(second.created_at)}`)).json.data).toEqual([second]);
    expect((await bank.call('GET', '/events?limit=1')).json).toMatchObject({ data: [first], has_more: true });
    expect((await bank.call('GET', '/events?since=yesterday')).status).toBe(400);
    expect((await bank.call('GET', '/events/evt_nope')).status).toBe(404);
  });
});

describe('webhook signature helpers', () => {
  const body = '{"id":"evt_1"}';

  it('signs "<t>.<body>" and parses the header back', () => {
    const header = signBankWebhook(body, 1_700_000_000, 'secret');
    expect(header).toBe(`t=1700000000,v1=${createHmac('sha256', 'secret').update(`1700000000.${body}`).digest('hex')}`);
    expect(parseBankSignature(header)).toEqual({ timestamp: 1_700_000_000, signatures: [header.split('v1=')[1]] });
    expect(parseBankSignature('v1=abc')).toBeUndefined();
    expect(parseBankSignature(undefined)).toBeUndefined();
  });

  it('refuses another body, another secret and an old timestamp', () => {
    const nowS = 1_700_000_000;
    const header = signBankWebhook(body, nowS, 'secret');
    expect(verifyBankWebhook(body, header, 'secret', { nowS })).toBe(true);
    expect(verifyBankWebhook('{"id":"evt_2"}', header, 'secret', { nowS })).toBe(false);
    expect(verifyBankWebhook(body, header, 'other', { nowS })).toBe(false);
    expect(verifyBankWebhook(body, header, 'secret', { nowS: nowS + 301 })).toBe(false);
    expect(verifyBankWebhook(body, `${header},v1=00`, 'secret', { nowS })).toBe(true);
  });
});
