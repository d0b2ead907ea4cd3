// The API limits login attempts per client address. Through the web app's /backend proxy that
// address must be the connection's: a browser that sends its own X-Forwarded-For must not get a
// fresh allowance with every made-up address.
import { expect, test } from './fixtures';

const LOGIN_ATTEMPTS_PER_MINUTE = 10; // TOKEN_RATE_LIMIT_MAX in apps/api/src/accounts/auth-routes.ts

test('made-up X-Forwarded-For addresses do not lift the login rate limit', async ({ request }) => {
  const username = `e2e-limit-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const statuses: number[] = [];
  for (let attempt = 0; attempt <= LOGIN_ATTEMPTS_PER_MINUTE; attempt += 1) {
    const response = await request.post('/backend/auth/oauth/token/', {
      headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
      data: { grant_type: 'password', username, password: 'not-the-password' },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, LOGIN_ATTEMPTS_PER_MINUTE).every((status) => status === 400)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
});
