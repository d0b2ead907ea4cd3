// Rate and attempt limits counted across API processes (ADR 041): two apps
// with the machine's Redis (REDIS_URL) count one address's password logins together, so spraying
// spread over both is refused at the same count as on one. A Redis that cannot be reached does
// not stop anyone from signing in: the request is served and the failure logged.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_ADDRESS } from '../src/accounts/auth-routes';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let first: TestApp;
let second: TestApp;
/**
 * A load balancer sends work to a process once GET /health/ready answers 200, which needs Redis
 * (ADR 049). On a loaded machine a process can start before its first connection to Redis is up
 * (it is retried); a login served meanwhile is not counted (a counter must not stop a giving day),
 * so the test, like the load balancer, waits for both processes to be ready.
 */
async function untilReady(app: TestApp): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await app.get('/health/ready')).status !== 200) {
    if (Date.now() > deadline) throw new Error('the API did not become ready: is Redis running at REDIS_URL?');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  [first, second] = await Promise.all([buildTestApp({ REDIS_URL }), buildTestApp({ REDIS_URL })]);
  await Promise.all([untilReady(first), untilReady(second)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** An address no other run has used within the counters' window. */
const freshAddress = () => `10.${randomInt(100, 250)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const login = (app: TestApp, remoteAddress: string, n: number) =>
  app.app.inject({
    method: 'POST',
    url: '/auth/oauth/token/',
    payload: { grant_type: 'password', username: `spray-${n}@example.com`, password: 'Winter2026!' },
    remoteAddress,
  });

describe('limits shared through Redis', () => {
  it('count one address across two API processes', { timeout: 120_000 }, async () => {
    const from = freshAddress();
    for (let n = 0; n < LOGIN_ATTEMPTS_PER_ADDRESS.max; n++)
      expect((await login(n % 2 === 0 ? first : second, from, n)).statusCode).toBe(400);
    expect((await login(first, from, -1)).statusCode).toBe(429);
    expect((await login(second, from, -2)).statusCode).toBe(429);
    expect((await login(second, freshAddress(), -3)).statusCode).toBe(400);
  });

  it('serve the request when Redis cannot be reached', { timeout: 60_000 }, async () => {
    const offline = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      expect((await login(offline, freshAddress(), 0)).statusCode).toBe(400);
    } finally {
      await offline.close();
    }
  });
});
