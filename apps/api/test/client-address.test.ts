// Whose address the per-address limits count (ADR 023; src/plugins/client-address.ts):
// X-Forwarded-For is believed only from a proxy in TRUST_PROXY that also sends PROXY_SECRET, as
// the web server does (apps/web/src/server/serve.ts). Anything else on the proxy's machine, such as
// a script calling the API on 127.0.0.1 with a new X-Forwarded-For each time, is counted by its
// connection's address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_RATE_LIMIT_MAX } from '../src/accounts/auth-routes';
import { PROXY_SECRET_HEADER } from '../src/plugins/client-address';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

const SECRET = 'proxy-secret-of-this-test-0123';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PROXY_SECRET: SECRET }, (app) => {
    app.get('/test/client-address', async (request) => ({ ip: request.ip, headers: request.headers }));
  });
});
afterAll(() => t.close());

interface Caller {
  /** The connection's address. */
  from?: string;
  forwardedFor: string;
  secret?: string;
}

const login = (username: string, { from = '127.0.0.1', forwardedFor, secret }: Caller) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/oauth/token/',
    payload: { grant_type: 'password', username, password: 'guess-123' },
    remoteAddress: from,
    headers: { 'x-forwarded-for': forwardedFor, ...(secret === undefined ? {} : { [PROXY_SECRET_HEADER]: secret }) },
  });

/** TOKEN_RATE_LIMIT_MAX attempts answer 400 (wrong password), the next one 429. */
async function expectLimitedAfterMax(username: string, caller: (attempt: number) => Caller) {
  for (let attempt = 0; attempt < TOKEN_RATE_LIMIT_MAX; attempt++) expect((await login(username, caller(attempt))).statusCode).toBe(400);
  const limited = await login(username, caller(TOKEN_RATE_LIMIT_MAX));
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toMatchObject({ code: 'rate_limited' });
}

describe('X-Forwarded-For without the proxy secret', () => {
  it('is ignored from 127.0.0.1: a new made-up address per attempt does not lift the login limit', async () => {
    await expectLimitedAfterMax('rotating@example.com', (attempt) => ({ forwardedFor: `198.51.100.${attempt + 1}` }));
  });

  it('is ignored with a wrong secret', async () => {
    await expectLimitedAfterMax('wrong-secret@example.com', (attempt) => ({
      from: '::1',
      forwardedFor: `198.51.100.${attempt + 1}`,
      secret: 'not-the-proxy-secret-0000',
    }));
  });

  it('is ignored from an address that is not a trusted proxy, even with the secret', async () => {
    await expectLimitedAfterMax('untrusted@example.com', (attempt) => ({
      from: '10.9.9.9',
      forwardedFor: `198.51.100.${attempt + 1}`,
      secret: SECRET,
    }));
  });
});

describe('behind the web server (trusted address and the secret)', () => {
  it("keys the limit on the browser's address, so another browser behind the same server is not locked out", async () => {
    const viaWeb = (browser: string): Caller => ({ forwardedFor: browser, secret: SECRET });
    await expectLimitedAfterMax('proxied@example.com', () => viaWeb('203.0.113.7'));
    expect((await login('proxied@example.com', viaWeb('203.0.113.8'))).statusCode).toBe(400);
  });
});

describe('the secret header', () => {
  const seen = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: '/test/client-address', remoteAddress: '127.0.0.1', headers })).json<{
      ip: string;
      headers: Record<string, string>;
    }>();

  it('makes the forwarded address the client address, and goes no further than the check', async () => {
    const trusted = await seen({ 'x-forwarded-for': '203.0.113.9', [PROXY_SECRET_HEADER]: SECRET });
    expect(trusted.ip).toBe('203.0.113.9');
    expect(trusted.headers[PROXY_SECRET_HEADER]).toBeUndefined();
    expect(trusted.headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('missing or wrong: the connection address counts and the forwarded headers are dropped', async () => {
    const attempts: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.9', [PROXY_SECRET_HEADER]: `${SECRET}x` },
    ];
    for (const headers of attempts) {
      const untrusted = await seen(headers);
      expect(untrusted.ip).toBe('127.0.0.1');
      expect(untrusted.headers['x-forwarded-for']).toBeUndefined();
      expect(untrusted.headers[PROXY_SECRET_HEADER]).toBeUndefined();
    }
  });
});
