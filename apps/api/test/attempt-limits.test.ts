// Limits an attacker cannot step around (ADR 023; src/plugins/rate-limit.ts
// `attemptLimits`): many usernames tried from one address (password spraying) are refused, and many
// card attempts from one address or with one email (card testing) are slowed down and then refused
// with the catalogue's rate_limited code, counted together over every card route.
import { randomUUID } from 'node:crypto';
import type { api } from '@kifu/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_ADDRESS } from '../src/accounts/auth-routes';
import { registerUser } from '../src/accounts/register-user';
import { CARD_ATTEMPTS_PER_ADDRESS, CARD_ATTEMPTS_PER_EMAIL, slowDownMs } from '../src/plugins/rate-limit';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { clientAddress, CLIENT_URI, donorPayload, send } from './helpers/donation-requests';

let t: TestApp;
beforeAll(async () => {
  // On, without a sandbox: every card attempt is refused for its missing token, at no cost.
  t = await buildTestApp({ BOT_CHECK_ENABLED: 'true' });
});
afterAll(() => t.close());

describe('password spraying', () => {
  const login = (username: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token/',
      payload: { grant_type: 'password', username, password: 'Winter2026!' },
      remoteAddress,
    });

  it('refuses an address that tries one password on many accounts, and only that address', async () => {
    for (let index = 0; index < LOGIN_ATTEMPTS_PER_ADDRESS.max; index++)
      expect((await login(`spray-${index}@example.com`, '10.3.0.1')).statusCode).toBe(400);
    const limited = await login('spray-next@example.com', '10.3.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', detail: expect.any(String) });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login('spray-next@example.com', '10.3.0.2')).statusCode).toBe(400);
  });
});

/**
 * A guest card donation that the bot check refuses (no token): a card tester's attempt that costs
 * the provider nothing, so the test can make many.
 */
function cardAttempt(email: string, options: { from?: string; token?: string } = {}) {
  const body: api.CardDonationRequest = {
    donor: donorPayload({ email }),
    amount: 100,
    associate_id: 1,
    customer_id: 'cust_test_stolen',
    client_uri: CLIENT_URI,
  };
  return send(t, {
    method: 'POST',
    url: '/donation/',
    payload: body,
    headers: { 'idempotency-key': randomUUID(), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.from ? { remoteAddress: options.from } : {}),
  });
}

/** Sends the attempts at once, each slowed down by its own count; answers their statuses and the time they took. */
async function timed<T extends { status: number }>(attempts: Promise<T>[]): Promise<{ statuses: number[]; elapsedMs: number }> {
  const started = performance.now();
  const replies = await Promise.all(attempts);
  return { statuses: replies.map((reply) => reply.status), elapsedMs: performance.now() - started };
}

describe('card testing with one email', () => {
  it('slows the attempts past the threshold, then refuses them on every card route', async () => {
    const email = 'card-tester@example.com';
    const { slowAfter = 0, max } = CARD_ATTEMPTS_PER_EMAIL;
    for (let attempt = 1; attempt <= slowAfter; attempt++) expect((await cardAttempt(email)).status).toBe(403);

    // Each from a new address: neither the per-address nor the per-minute limit plays a part.
    const slowed = await timed(
      Array.from({ length: max - slowAfter }, (_, index) => cardAttempt(index % 2 === 0 ? email : email.toUpperCase())),
    );
    expect(slowed.statuses.every((status) => status === 403)).toBe(true);
    expect(slowed.elapsedMs).toBeGreaterThanOrEqual(slowDownMs(max, slowAfter) - 50);

    const refused = await send(t, { method: 'POST', url: '/payment/non-member-credit', payload: { token: 'tokn_test_stolen', email } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await cardAttempt('someone-else@example.com')).status).toBe(403);
  });
});

describe('card testing from one address', () => {
  it('slows and then refuses one address even when every attempt uses another account and email', async () => {
    const from = '10.4.0.1';
    const { slowAfter = 0, max } = CARD_ATTEMPTS_PER_ADDRESS;
    // Signed-in callers: the per-minute limit counts per account, so only the per-address counter adds up here.
    // The accounts are made by the signup's own use case: over HTTP it would want bot-check tokens.
    const tokens: string[] = [];
    for (let index = 0; index < Math.ceil(max / 10) + 1; index++) {
      const signup = await registerUser(t.app.db, { email: `tester-${index}-${randomUUID()}@example.com`, password: 'kifu-pass-123' });
      tokens.push(signup.accessToken);
    }
    const attempt = (index: number) =>
      cardAttempt(`card-${index}-${randomUUID()}@example.com`, { from, token: tokens[Math.floor(index / 10)] });

    for (let index = 0; index < slowAfter; index++) expect((await attempt(index)).status).toBe(403);
    const slowed = await timed(Array.from({ length: max - slowAfter }, (_, index) => attempt(slowAfter + index)));
    expect(slowed.statuses.every((status) => status === 403)).toBe(true);
    expect(slowed.elapsedMs).toBeGreaterThanOrEqual(slowDownMs(max, slowAfter) - 50);

    const refused = await attempt(max);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect((await cardAttempt(`other-${randomUUID()}@example.com`, { from: clientAddress() })).status).toBe(403);
  }, 120_000);
});
