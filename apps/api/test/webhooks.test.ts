// Webhook endpoints: signature checked on the raw body, one stored event per provider event id,
// 2xx at once, and the work queued as a job.
import { createHmac } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, providerEvents } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const now = () => String(Math.floor(Date.now() / 1000));

function cardHeaders(body: string, timestamp = now(), secret: string = SANDBOX_CREDENTIALS.card.webhookSecret) {
  const signature = createHmac('sha256', Buffer.from(secret, 'base64')).update(`${timestamp}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'omise-signature': signature, 'omise-signature-timestamp': timestamp };
}

function bankHeaders(body: string, timestamp = now()) {
  const signature = createHmac('sha256', SANDBOX_CREDENTIALS.bank.webhookSecret).update(`${timestamp}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'x-bank-signature': `t=${timestamp},v1=${signature}` };
}

const cardEvent = (id: string) =>
  JSON.stringify({ object: 'event', id, key: 'charge.complete', data: { object: 'charge', id: 'chrg_test_1' } });

describe('POST /webhooks/card/', () => {
  it('stores a signed event once and queues its processing; a replay changes nothing', async () => {
    const body = cardEvent('evnt_test_replay');
    const first = await t.app.inject({ method: 'POST', url: '/webhooks/card/', payload: body, headers: cardHeaders(body) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });

    const replay = await t.app.inject({ method: 'POST', url: '/webhooks/card/', payload: body, headers: cardHeaders(body) });
    expect(replay.json()).toEqual({ received: true, duplicate: true });

    const stored = await t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, 'evnt_test_replay'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'card', kind: 'charge.complete' });
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'process-card-event'));
    expect(queued.filter((job) => (job.payload as { providerEventId: number }).providerEventId === stored[0]!.id)).toHaveLength(1);
  });

  it('refuses a bad signature, a re-serialised body and a stale timestamp, storing nothing', async () => {
    const body = cardEvent('evnt_test_forged');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/webhooks/card/',
      payload: body,
      headers: cardHeaders(body, now(), Buffer.from('wrong').toString('base64')),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'unauthorized', detail: expect.any(String) });

    // The signature covers the exact bytes: the same JSON with other whitespace is not the same body.
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect(
      (await t.app.inject({ method: 'POST', url: '/webhooks/card/', payload: reformatted, headers: cardHeaders(body) })).statusCode,
    ).toBe(401);

    const stale = String(Math.floor(Date.now() / 1000) - 3600);
    expect(
      (await t.app.inject({ method: 'POST', url: '/webhooks/card/', payload: body, headers: cardHeaders(body, stale) })).statusCode,
    ).toBe(401);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/webhooks/card/',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await t.database.db.select().from(providerEvents).where(eq(providerEvents.eventId, 'evnt_test_forged'))).toHaveLength(0);
  });

  it('accepts any of several signatures during a secret rotation', async () => {
    const body = cardEvent('evnt_test_rotation');
    const headers = cardHeaders(body);
    headers['omise-signature'] = `${'0'.repeat(64)},${headers['omise-signature']}`;
    expect((await t.app.inject({ method: 'POST', url: '/webhooks/card/', payload: body, headers })).statusCode).toBe(200);
  });

  it('rejects a signed body that is not an event', async () => {
    const body = JSON.stringify({ hello: 'world' });
    const response = await t.app.inject({ method: 'POST', url: '/webhooks/card/', payload: body, headers: cardHeaders(body) });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /webhooks/bank/', () => {
  it('verifies the bank signature and dedupes by event id', async () => {
    const body = JSON.stringify({ id: 'evt_test_bank', type: 'virtual_account.deposited', data: {} });
    expect((await t.app.inject({ method: 'POST', url: '/webhooks/bank/', payload: body, headers: bankHeaders(body) })).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await t.app.inject({ method: 'POST', url: '/webhooks/bank/', payload: body, headers: bankHeaders(body) })).json()).toEqual({
      received: true,
      duplicate: true,
    });
    const wrong = bankHeaders(body);
    // Flip the first hex digit of the signature.
    wrong['x-bank-signature'] = wrong['x-bank-signature'].replace(/v1=(.)/, (_match, digit: string) => `v1=${digit === '0' ? '1' : '0'}`);
    expect((await t.app.inject({ method: 'POST', url: '/webhooks/bank/', payload: body, headers: wrong })).statusCode).toBe(401);
  });
});
