// Idempotency keys on the money-moving donation POSTs (architecture.md §3, providers.md
// "Reliability rules"), with the bot check on as in production (spec §4 step 5): a replay answers
// the first result and charges nothing more, another body under the same key is a conflict, a
// concurrent double submit charges once, and a request the bot check refused frees its key.
import { randomUUID } from 'node:crypto';
import { DONATION_ERRORS, matchDonationError } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { donations, donors, idempotencyKeys } from '../src/db/schema/index';
import { IDEMPOTENT_REPLAYED_HEADER } from '../src/lib/idempotency';
import { guestCardRequest, sandboxCharges, submit } from './helpers/donation-requests';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp({ startSandbox: startBankSandbox, env: { BOT_CHECK_ENABLED: 'true' } });

/** The browser mints a fresh single-use bot-check token for every submission. */
const withBotCheck = async <T extends object>(request: T) => ({ ...request, recaptcha_token: await h.sandbox.mintBotCheckToken() });

const chargesOf = async (customerId: string) => (await sandboxCharges(h.sandbox)).filter((charge) => charge.customer === customerId);
const donationsOf = (email: string) =>
  h.t.database.db
    .select({ id: donations.id })
    .from(donations)
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .where(eq(donors.email, email));

describe('the Idempotency-Key header', () => {
  it('is required on every money-moving POST', async () => {
    // A body every one of them accepts, so only the header is missing.
    const request = { ...(await withBotCheck(await guestCardRequest(h.t, h.sandbox))), membership_plan_id: 1 };
    for (const url of ['/donation/', '/donation/recurring/', '/donation/recurring/annual/', '/donation/deposit/']) {
      const response = await h.t.app.inject({ method: 'POST', url, payload: request });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', fields: { 'idempotency-key': ['required'] } });
    }
    expect(await chargesOf(request.customer_id)).toEqual([]);
  });
});

describe('replays', () => {
  it('answer the first result again, with no second donation or charge, even without a fresh bot-check token', async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const key = randomUUID();
    const first = await submit(h.t, '/donation/', await withBotCheck(request), { key });
    expect(first.status).toBe(200);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();

    const again = await submit(h.t, '/donation/', await withBotCheck(request), { key });
    const tokenless = await submit(h.t, '/donation/', request, { key });
    for (const replay of [again, tokenless]) {
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    }
    expect(await chargesOf(request.customer_id)).toHaveLength(1);
    expect(await donationsOf(request.donor.email)).toHaveLength(1);
  });

  it('replay a refusal too: a card refused at once is not charged again', async () => {
    const request = await guestCardRequest(h.t, h.sandbox, { card: '4111111111150002' });
    const key = randomUUID();
    const first = await submit(h.t, '/donation/', await withBotCheck(request), { key });
    expect(first.status).toBe(422);
    const again = await submit(h.t, '/donation/', await withBotCheck(request), { key });
    expect(again).toMatchObject({ status: 422, body: first.body });
    expect(await chargesOf(request.customer_id)).toHaveLength(1);
  });

  it('refuse the same key with another body: 409, nothing charged', async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const key = randomUUID();
    expect((await submit(h.t, '/donation/', await withBotCheck(request), { key })).status).toBe(200);
    const other = await submit(h.t, '/donation/', await withBotCheck({ ...request, amount: 5_000 }), { key });
    expect(other).toMatchObject({ status: 409, body: { code: 'conflict', detail: expect.stringMatching(/^idempotency_key_reused/) } });
    expect(await chargesOf(request.customer_id)).toHaveLength(1);
  });

  it('keep nothing for an invalid request: the corrected submission may reuse the key', async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const key = randomUUID();
    const invalid = await submit(h.t, '/donation/', await withBotCheck({ ...request, donor: { ...request.donor, phone: '' } }), { key });
    expect(invalid).toMatchObject({ status: 400, body: { fields: { 'donor.phone': ['required'] } } });
    expect((await submit(h.t, '/donation/', await withBotCheck(request), { key })).status).toBe(200);
    expect(await chargesOf(request.customer_id)).toHaveLength(1);
  });

  it('are scoped per call: the same key on another route is another request', async () => {
    const key = randomUUID();
    const card = await guestCardRequest(h.t, h.sandbox);
    expect((await submit(h.t, '/donation/', await withBotCheck(card), { key })).status).toBe(200);
    const { customer_id: _customer, client_uri: _client, ...bank } = card;
    expect(
      (
        await submit(
          h.t,
          '/donation/deposit/',
          await withBotCheck({ ...bank, donor: { ...card.donor, email: `bank-${card.donor.email}` } }),
          { key },
        )
      ).status,
    ).toBe(200);
  });
});

describe('a concurrent double submit', () => {
  // Which of the two outcomes the second request meets depends on the machine's timing (on the
  // PostgreSQL server the two truly run at once): the first still in progress (409), or already
  // done (its answer again). Either way there is one charge and one donation.
  it('charges once: the second request finds the first in progress (409) or gets its answer again', async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      submit(h.t, '/donation/', await withBotCheck(request), { key }),
      submit(h.t, '/donation/', await withBotCheck(request), { key }),
    ]);
    const first = a.status === 200 ? a : b;
    const second = first === a ? b : a;
    expect(first.status).toBe(200);
    if (second.status === 409)
      expect(second.body).toMatchObject({ code: 'conflict', detail: expect.stringMatching(/^idempotency_key_in_progress/) });
    else expect(second).toMatchObject({ status: 200, body: first.body });
    expect(await chargesOf(request.customer_id)).toHaveLength(1);
    expect(await donationsOf(request.donor.email)).toHaveLength(1);
    // Once the first has finished, a retry gets its result.
    const later = await submit(h.t, '/donation/', await withBotCheck(request), { key });
    expect(later).toMatchObject({ status: 200, body: first.body });
  });

  it('refuses a request whose key is still being processed with 409, charging nothing more', async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const key = randomUUID();
    expect((await submit(h.t, '/donation/', await withBotCheck(request), { key })).status).toBe(200);
    // As if the first request were still running: its claim not yet completed.
    await h.t.database.db
      .update(idempotencyKeys)
      .set({ status: 'in_progress', responseStatus: null, responseBody: null })
      .where(eq(idempotencyKeys.key, key));
    const again = await submit(h.t, '/donation/', await withBotCheck(request), { key });
    expect(again).toMatchObject({ status: 409, body: { code: 'conflict', detail: expect.stringMatching(/^idempotency_key_in_progress/) } });
    expect(await chargesOf(request.customer_id)).toHaveLength(1);
  });
});

describe('the bot check', () => {
  it('refuses a submission without a token or with a bot score, and frees the key for the real retry', async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const key = randomUUID();
    const missing = await submit(h.t, '/donation/', request, { key });
    expect(missing).toMatchObject({ status: 403, body: { code: 'forbidden', detail: DONATION_ERRORS.botCheck.en } });
    const bot = await submit(
      h.t,
      '/donation/',
      { ...request, recaptcha_token: await h.sandbox.mintBotCheckToken({ score: 0.1 }) },
      { key },
    );
    expect(matchDonationError((bot.body as { detail: string }).detail)).toBe('automationDetected');
    expect(await h.t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    expect(await chargesOf(request.customer_id)).toEqual([]);

    expect((await submit(h.t, '/donation/', await withBotCheck(request), { key })).status).toBe(200);
    expect(await chargesOf(request.customer_id)).toHaveLength(1);
  });
});
