// POST /payment/non-member-credit and POST /payment/credit (spec §4 "Card path for a guest", §7)
// against the sandbox: happy paths, validation, card refusals (422 with the provider's code and
// message), provider outages (502), auth and rate limits.
import { randomBytes } from 'node:crypto';
import { matchDonationError } from '@kifu/domain';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/accounts/access-tokens';
import { userCreditCards, users } from '../src/db/schema/index';
import { CARD_ROUTE_RATE_LIMIT } from '../src/payments/card/card-customer-routes';
import { SUPPORTERS_PER_ADDRESS } from '../src/plugins/rate-limit';
import { sandboxTestApp } from './helpers/sandbox-test-app';
import { CALLS_HANG, uniqueEmail } from './helpers/start-sandbox';

const h = sandboxTestApp({ afterEachTest: (sandbox) => sandbox.setFaults({ errorRate: 0, timeoutRate: 0 }) });

/** Each test is its own client address, so the per-client rate limit of one never trips another. */
const clientAddress = () => `10.${randomBytes(3).join('.')}`;

async function post(url: string, payload: unknown, options: Omit<InjectOptions, 'url' | 'method' | 'payload'> = {}) {
  const response = await h.t.app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: clientAddress(),
    ...options,
  });
  return { status: response.statusCode, body: response.json() };
}

async function signedInUser() {
  const email = uniqueEmail('member');
  const [user] = await h.t.database.db.insert(users).values({ username: email, email, passwordHash: 'unused' }).returning();
  const { token } = await issueAccessToken(h.t.database.db, user!.id);
  return { user: user!, headers: { authorization: `Bearer ${token}` } };
}

describe('POST /payment/non-member-credit', () => {
  it('creates an anonymous customer with the guest email and the card', async () => {
    const email = uniqueEmail('guest');
    const response = await post('/payment/non-member-credit', { token: await h.sandbox.tokenize('3530111333300000'), email });
    expect(response).toEqual({
      status: 200,
      body: { customer_id: expect.stringMatching(/^cust_test_/), customer_handle: expect.stringMatching(/^g1\./) },
    });
    const customer = await h.t.app.cardPayments.gateway.retrieveCustomer(response.body.customer_id);
    expect(customer).toMatchObject({ email, defaultCard: { brand: 'JCB', lastDigits: '0000' } });
  });

  it('answers 400 with a rule key per field for missing or malformed input', async () => {
    expect(await post('/payment/non-member-credit', {})).toEqual({
      status: 400,
      body: { code: 'validation_failed', detail: expect.any(String), fields: { token: ['required'], email: ['required'] } },
    });
    const malformed = await post('/payment/non-member-credit', { token: '4242424242424242', email: 'not-an-email' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({ token: ['pattern'], email: ['pattern'] });
  });

  it('answers 422 with the provider code and message for a used or unknown token', async () => {
    const token = await h.sandbox.tokenize('4242424242424242');
    expect((await post('/payment/non-member-credit', { token, email: uniqueEmail() })).status).toBe(200);
    expect(await post('/payment/non-member-credit', { token, email: uniqueEmail() })).toEqual({
      status: 422,
      body: { code: 'unprocessable', detail: 'used_token: token was already used' },
    });
    const unknown = await post('/payment/non-member-credit', { token: 'tokn_test_doesnotexist', email: uniqueEmail() });
    expect(unknown).toEqual({ status: 422, body: { code: 'unprocessable', detail: expect.stringMatching(/^not_found: /) } });
  });

  it('answers 502 when the provider fails, and says "timed out" when it never answers', async () => {
    await h.sandbox.setFaults({ errorRate: 1 });
    const failing = await post('/payment/non-member-credit', { token: 'tokn_test_any', email: uniqueEmail() });
    expect(failing).toEqual({ status: 502, body: { code: 'bad_gateway', detail: expect.stringMatching(/^internal_error: /) } });

    // The API's own client timeout (10 s by default) runs out long before the sandbox's hang.
    await h.sandbox.setFaults(CALLS_HANG);
    const silent = await post('/payment/non-member-credit', { token: 'tokn_test_any', email: uniqueEmail() });
    expect(silent).toEqual({ status: 502, body: { code: 'bad_gateway', detail: expect.stringMatching(/timed out/) } });
    expect(matchDonationError(silent.body.detail)).toBe('timedOut');
  }, 60_000);

  it(`is rate limited per address after ${CARD_ROUTE_RATE_LIMIT * SUPPORTERS_PER_ADDRESS} calls a minute: one address stands for several guests`, async () => {
    const remoteAddress = clientAddress();
    for (let call = 0; call < CARD_ROUTE_RATE_LIMIT * SUPPORTERS_PER_ADDRESS; call++) {
      expect((await post('/payment/non-member-credit', {}, { remoteAddress })).status).toBe(400);
    }
    expect(await post('/payment/non-member-credit', {}, { remoteAddress })).toEqual({
      status: 429,
      body: { code: 'rate_limited', detail: expect.any(String) },
    });
    expect((await post('/payment/non-member-credit', {})).status).toBe(400);
  });
});

describe('POST /payment/credit', () => {
  it('needs a signed-in user', async () => {
    const response = await post('/payment/credit', { token: await h.sandbox.tokenize('4242424242424242') });
    expect(response).toEqual({ status: 401, body: { code: 'unauthorized', detail: expect.any(String) } });
  });

  it("saves the first card on a new customer with the account's email, then attaches the next card to it", async () => {
    const { user, headers } = await signedInUser();
    const first = await post('/payment/credit', { token: await h.sandbox.tokenize('4242424242424242') }, { headers });
    expect(first).toEqual({
      status: 200,
      body: {
        user: user.id,
        id: expect.any(Number),
        customer_code: expect.stringMatching(/^cust_test_/),
        brand: 'Visa',
        last_digits: '4242',
        name: 'TARO YAMADA',
      },
    });
    expect(await h.t.app.cardPayments.gateway.retrieveCustomer(first.body.customer_code)).toMatchObject({ email: user.email });

    const second = await post(
      '/payment/credit',
      { token: await h.sandbox.tokenize('5555555555554444', { name: 'HANAKO SATO' }) },
      { headers },
    );
    expect(second).toEqual({ status: 200, body: { ...first.body, brand: 'MasterCard', last_digits: '4444', name: 'HANAKO SATO' } });
    const customer = await h.t.app.cardPayments.gateway.retrieveCustomer(first.body.customer_code);
    expect(customer.defaultCard).toMatchObject({ brand: 'MasterCard', lastDigits: '4444' });

    const rows = await h.t.database.db.select().from(userCreditCards).where(eq(userCreditCards.userId, user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        id: first.body.id,
        provider: 'omise',
        customerCode: first.body.customer_code,
        brand: 'MasterCard',
        lastDigits: '4444',
        name: 'HANAKO SATO',
      }),
    ]);
    // Card data never reaches our storage (architecture.md §1).
    expect(JSON.stringify(rows)).not.toMatch(/5555555555554444|4242424242424242|\b\d{12,19}\b/);
  });

  it('validates the token and refuses a used one with 422', async () => {
    const { headers } = await signedInUser();
    expect(await post('/payment/credit', { token: 'card_test_123' }, { headers })).toMatchObject({
      status: 400,
      body: { fields: { token: ['pattern'] } },
    });
    const token = await h.sandbox.tokenize('4242424242424242');
    expect((await post('/payment/credit', { token }, { headers })).status).toBe(200);
    expect(await post('/payment/credit', { token }, { headers })).toEqual({
      status: 422,
      body: { code: 'unprocessable', detail: 'used_token: token was already used' },
    });
  });

  it('leaves the saved card as it was when the provider is down', async () => {
    const { user, headers } = await signedInUser();
    expect((await post('/payment/credit', { token: await h.sandbox.tokenize('4242424242424242') }, { headers })).status).toBe(200);
    const before = await h.t.database.db.select().from(userCreditCards).where(eq(userCreditCards.userId, user.id));
    await h.sandbox.setFaults({ errorRate: 1 });
    expect(await post('/payment/credit', { token: 'tokn_test_any' }, { headers })).toMatchObject({
      status: 502,
      body: { code: 'bad_gateway' },
    });
    expect(await h.t.database.db.select().from(userCreditCards).where(eq(userCreditCards.userId, user.id))).toEqual(before);
  });

  it('is rate limited per account, whatever address it calls from', async () => {
    const { headers } = await signedInUser();
    for (let call = 0; call < CARD_ROUTE_RATE_LIMIT; call++) {
      expect((await post('/payment/credit', {}, { headers })).status).toBe(400);
    }
    expect((await post('/payment/credit', {}, { headers })).status).toBe(429);
    const other = await signedInUser();
    expect((await post('/payment/credit', {}, { headers: other.headers })).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents both routes with their error statuses', async () => {
    const { body } = await h.t.get<{ paths: Record<string, { post: { responses: Record<string, unknown> } }> }>('/docs/json');
    expect(Object.keys(body.paths['/payment/non-member-credit']!.post.responses).sort()).toEqual(['200', '400', '422', '429', '502']);
    expect(Object.keys(body.paths['/payment/credit']!.post.responses).sort()).toEqual(['200', '400', '401', '422', '429', '502']);
  });
});
