// Contract of the card gateway's events and signed webhooks, and of fault injection on its API.
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_ERROR } from '../src/card/errors';
import { signCardWebhook } from '../src/card/webhook-signature';
import { startCardSandbox, WEBHOOK_SECRET, type CardSandbox } from './card-harness';
import { withoutListTimes } from './list-times';

let sandbox: CardSandbox;
beforeAll(async () => {
  sandbox = await startCardSandbox();
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await sandbox.reset();
  sandbox.deliveries.length = 0;
});

async function paidCharge(extra: Record<string, unknown> = {}) {
  const token = await sandbox.tokenize('4242424242424242');
  return sandbox.omise.charges.create({ amount: 2_000, currency: 'jpy', card: token.id, ...extra });
}

describe('webhooks', () => {
  it('posts charge.create and charge.complete, signed like Omise', async () => {
    const charge = await paidCharge();
    const delivery = await sandbox.waitForDelivery((event) => event.key === 'charge.complete' && event.data.id === charge.id);
    const timestamp = delivery.headers['omise-signature-timestamp'] as string;
    const signature = delivery.headers['omise-signature'] as string;
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);

    // Recomputed independently: HMAC-SHA256 of "<timestamp>.<raw body>", key = base64-decoded secret.
    const expected = createHmac('sha256', Buffer.from(WEBHOOK_SECRET, 'base64')).update(`${timestamp}.${delivery.body}`).digest('hex');
    expect(signature).toBe(expected);
    expect(signCardWebhook(delivery.body, timestamp, WEBHOOK_SECRET)).toBe(signature);
    expect(signCardWebhook(delivery.body, Number(timestamp) + 1, WEBHOOK_SECRET)).not.toBe(signature);

    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      object: 'event',
      id: expect.stringMatching(/^evnt_/),
      livemode: false,
      key: 'charge.complete',
      data: { object: 'charge', id: charge.id, status: 'successful', paid: true },
    });
    expect(event.created_at).toMatch(/Z$/);
    await sandbox.waitForDelivery((item) => item.key === 'charge.create' && item.data.id === charge.id);

    // The same event is kept for GET /events, so a merchant can catch up on missed deliveries.
    expect(withoutListTimes(await sandbox.omise.events.retrieve(event.id))).toEqual(withoutListTimes(event));
  });

  it('posts the 3-D Secure result when the card holder answers', async () => {
    const pending = await paidCharge({ return_uri: 'http://localhost:3000/return' });
    const created = await sandbox.waitForDelivery((event) => event.key === 'charge.create' && event.data.id === pending.id);
    expect(JSON.parse(created.body).data).toMatchObject({ status: 'pending' });
    await fetch(sandbox.local(pending.authorize_uri), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=authenticate',
      redirect: 'manual',
    });
    const completed = await sandbox.waitForDelivery((event) => event.key === 'charge.complete' && event.data.id === pending.id);
    expect(JSON.parse(completed.body).data).toMatchObject({ status: 'successful', authenticated_by: '3DS' });
  });

  it('posts refund.create with the refund', async () => {
    const charge = await paidCharge();
    const refund = await sandbox.omise.charges.createRefund(charge.id, { amount: 500 });
    const delivery = await sandbox.waitForDelivery((event) => event.key === 'refund.create');
    expect(JSON.parse(delivery.body).data).toMatchObject({ object: 'refund', id: refund.id, charge: charge.id, amount: 500 });
  });

  it('drops every delivery when dropWebhookRate is 1, but still records the events', async () => {
    await sandbox.setFaults({ dropWebhookRate: 1 });
    const charge = await paidCharge();
    await new Promise((done) => setTimeout(done, 100));
    expect(sandbox.deliveries).toHaveLength(0);
    const { activity } = await sandbox.control<{ activity: { action: string }[] }>('/__control/activity', 'GET');
    expect(activity.filter((entry) => entry.action === 'webhook dropped (fault injection)')).toHaveLength(2);
    const events = await sandbox.omise.events.list();
    expect(events.data.map((event) => [event.key, event.data.id])).toEqual([
      ['charge.create', charge.id],
      ['charge.complete', charge.id],
    ]);
  });

  it('lists events with Omise’s pagination', async () => {
    await paidCharge();
    await paidCharge();
    const page = await sandbox.omise.events.list({ limit: 3, order: 'reverse_chronological' });
    expect(page).toMatchObject({ object: 'list', limit: 3, total: 4, order: 'reverse_chronological' });
    expect(page.data.map((event) => event.key)).toEqual(['charge.complete', 'charge.create', 'charge.complete']);
    await expect(sandbox.omise.events.retrieve('evnt_test_missing')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('fault injection', () => {
  it('answers 500 with Omise’s error object on every API route when errorRate is 1', async () => {
    const token = await sandbox.tokenize('4242424242424242');
    await sandbox.setFaults({ errorRate: 1 });
    expect(INTERNAL_ERROR()).toEqual({
      object: 'error',
      location: 'https://www.omise.co/api-errors#internal-error',
      code: 'internal_error',
      message: 'request could not be completed due to an internal error',
    });
    const answer = await sandbox.api('/charges', { json: { amount: 1_000, currency: 'jpy', card: token.id } });
    expect(answer).toMatchObject({ status: 500, body: INTERNAL_ERROR() });
    await expect(sandbox.omise.charges.create({ amount: 1_000, currency: 'jpy', card: token.id })).rejects.toEqual(INTERNAL_ERROR());
    await expect(
      sandbox.omise.tokens.create({ card: { name: 'A', number: '4242424242424242', expiration_month: 1, expiration_year: 2099 } }),
    ).rejects.toMatchObject({ code: 'internal_error' });
    // No charge was made, so the token is still good once the gateway recovers.
    await sandbox.setFaults({ errorRate: 0 });
    expect((await sandbox.omise.charges.create({ amount: 1_000, currency: 'jpy', card: token.id })).status).toBe('successful');
  });

  it('keeps the browser pages and the preflight out of fault injection', async () => {
    const pending = await paidCharge({ return_uri: 'http://localhost:3000/return' });
    await sandbox.setFaults({ errorRate: 1 });
    expect((await fetch(sandbox.local(pending.authorize_uri))).status).toBe(200);
    expect((await fetch(`${sandbox.base}/tokens`, { method: 'OPTIONS' })).status).toBe(204);
    expect((await sandbox.control<{ ran: unknown[] }>('/card/__run-schedules')).ran).toEqual([]);
  });

  it('never answers a request chosen to time out', async () => {
    await sandbox.setFaults({ timeoutRate: 1, timeoutMs: 20 });
    await expect(sandbox.omise.charges.list()).rejects.toBeDefined();
  });
});

describe('reset', () => {
  it('empties the gateway’s stores', async () => {
    const charge = await paidCharge();
    await sandbox.reset();
    await expect(sandbox.omise.charges.retrieve(charge.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await sandbox.omise.events.list()).total).toBe(0);
  });
});

describe('index page', () => {
  it('lists the test cards, the sandbox triggers and how 3-D Secure works here', async () => {
    const html = await (await fetch(`${sandbox.base}/`)).text();
    for (const text of [
      'Card payments (Omise-compatible)',
      '4111111111140011',
      '3530111111190003',
      '4000000000000002',
      '4000000000000069',
      '¥4,040',
      'Authenticate',
      '/card/__run-schedules',
    ]) {
      expect(html).toContain(text);
    }
  });
});
