// Login and signup are rate limited (src/plugins/rate-limit.ts: routes opt in): password guessing
// against one account is slowed per client address and username, signups per client address.
// Which address counts behind the web server: client-address.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_RATE_LIMIT, TOKEN_RATE_LIMIT_MAX } from '../src/accounts/auth-routes';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const login = (username: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/oauth/token/',
    payload: { grant_type: 'password', username, password: 'guess-123' },
    remoteAddress,
  });

describe('login rate limit', () => {
  it('answers 429 rate_limited after 10 attempts a minute for one address and username, and only for that pair', async () => {
    for (let attempt = 0; attempt < TOKEN_RATE_LIMIT_MAX; attempt++) {
      expect((await login('victim@example.com', '10.2.0.1')).statusCode).toBe(400);
    }
    const limited = await login('Victim@Example.com', '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limited', detail: expect.any(String) });
    expect(limited.headers['retry-after']).toBeDefined();

    expect((await login('someone-else@example.com', '10.2.0.1')).statusCode).toBe(400);
    expect((await login('victim@example.com', '10.2.0.2')).statusCode).toBe(400);
  });
});

describe('signup rate limit', () => {
  it('answers 429 after 20 signups a minute from one address', async () => {
    const signup = (index: number) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: { email: `burst${index}@example.com`, password: 'x' },
        remoteAddress: '10.2.1.1',
      });
    for (let index = 0; index < REGISTER_RATE_LIMIT.max; index++) expect((await signup(index)).statusCode).toBe(400);
    const limited = await signup(REGISTER_RATE_LIMIT.max);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
  });
});
