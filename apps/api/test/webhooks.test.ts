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

function bankHeaders(body: string, timestamp = now(), secret: string = SANDBOX_CREDENTIALS.bank.webhookSecret) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
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

// Rotating a webhook secret without losing deliveries (docs/operations.md, ADR 051): the API takes
// the new secret and keeps accepting the old one through *_WEBHOOK_SECRET_PREVIOUS until it is unset.
describe('rotating the webhook secrets', () => {
  const oldCard = SANDBOX_CREDENTIALS.card.webhookSecret;
  const newCard = Buffer.from('kifu-rotated-card-webhook-secret').toString('base64');
  const oldBank = SANDBOX_CREDENTIALS.bank.webhookSecret;
  const newBank = 'kifu-rotated-bank-webhook-secret';
  const bankEvent = (id: string) => JSON.stringify({ id, type: 'virtual_account.deposited', data: {} });
  const post = (app: TestApp, provider: 'card' | 'bank', body: string, headers: Record<string, string>) =>
    app.app.inject({ method: 'POST', url: `/webhooks/${provider}/`, payload: body, headers }).then((response) => response.statusCode);

  let rotating: TestApp;
  let rotated: TestApp;
  beforeAll(async () => {
    rotating = await buildTestApp({
      CARD_WEBHOOK_SECRET: newCard,
      CARD_WEBHOOK_SECRET_PREVIOUS: oldCard,
      BANK_WEBHOOK_SECRET: newBank,
      BANK_WEBHOOK_SECRET_PREVIOUS: oldBank,
    });
    rotated = await buildTestApp({ CARD_WEBHOOK_SECRET: newCard, BANK_WEBHOOK_SECRET: newBank });
  });
  afterAll(async () => {
    await rotating?.close();
    await rotated?.close();
  });

  it('accepts the previous secret beside the new one while it is set, and no other', async () => {
    const card = cardEvent('evnt_test_rotating_old');
    expect(await post(rotating, 'card', card, cardHeaders(card, now(), oldCard))).toBe(200);
    const cardNew = cardEvent('evnt_test_rotating_new');
    expect(await post(rotating, 'card', cardNew, cardHeaders(cardNew, now(), newCard))).toBe(200);
    const cardWrong = cardEvent('evnt_test_rotating_wrong');
    expect(await post(rotating, 'card', cardWrong, cardHeaders(cardWrong, now(), Buffer.from('wrong').toString('base64')))).toBe(401);

    const bank = bankEvent('evt_test_rotating_old');
    expect(await post(rotating, 'bank', bank, bankHeaders(bank, now(), oldBank))).toBe(200);
    const bankNew = bankEvent('evt_test_rotating_new');
    expect(await post(rotating, 'bank', bankNew, bankHeaders(bankNew, now(), newBank))).toBe(200);
    const bankWrong = bankEvent('evt_test_rotating_wrong');
    expect(await post(rotating, 'bank', bankWrong, bankHeaders(bankWrong, now(), 'wrong'))).toBe(401);
  });

  it('refuses the previous secret once it is unset', async () => {
    const card = cardEvent('evnt_test_rotated_old');
    expect(await post(rotated, 'card', card, cardHeaders(card, now(), oldCard))).toBe(401);
    expect(await post(rotated, 'card', card, cardHeaders(card, now(), newCard))).toBe(200);
    const bank = bankEvent('evt_test_rotated_old');
    expect(await post(rotated, 'bank', bank, bankHeaders(bank, now(), oldBank))).toBe(401);
    expect(await post(rotated, 'bank', bank, bankHeaders(bank, now(), newBank))).toBe(200);
  });
});
