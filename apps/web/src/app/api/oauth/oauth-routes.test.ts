// The front-end auth routes against a small HTTP server standing in for the API at
// API_INTERNAL_URL: it answers the token, register, user and logout calls as the API does, and
// records what it was sent, so the tests see the cookies a browser would get and the headers the
// API would see. (The browser suite runs the same routes against the real API.)
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const ACCESS = 'AccessTokenAccessToken0123456789';
const REFRESH = 'RefreshTokenRefreshToken0123456789';
const NEW_ACCESS = 'NewAccessTokenNewAccessToken0123456789';
const NEW_REFRESH = 'NewRefreshTokenNewRefreshToken0123456789';
const USER = {
  id: 7,
  email: 'hanako@kifu.example',
  profile: { nickname: 'はなこ' },
  avatarImage: { file: null },
  associateMembers: [{ associateUid: 'green', associate: { name: 'Green' } }],
  isStaff: false,
};

let api: Server;
const registered = new Set<string>([USER.email]);
const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let login: typeof import('./login-with-password/route');
let signup: typeof import('./signup/route');
let refresh: typeof import('./refresh/route');
let logout: typeof import('./logout/route');

function answer(url: string | undefined, body: Record<string, unknown>, headers: IncomingHttpHeaders): [number, unknown] {
  if (url === '/auth/oauth/token/') {
    if (body.grant_type === 'password' && registered.has(String(body.username)) && body.password === 'secret123')
      return [200, { access_token: ACCESS, token_type: 'Bearer', expires_in: 3600, refresh_token: REFRESH }];
    if (body.grant_type === 'refresh_token' && body.refresh_token === REFRESH)
      return [200, { access_token: NEW_ACCESS, token_type: 'Bearer', expires_in: 3600, refresh_token: NEW_REFRESH }];
    return [400, { code: 'bad_request', detail: 'invalid_grant: no active account matches', error: 'invalid_grant' }];
  }
  if (url === '/auth/register') {
    if (registered.has(String(body.email)))
      return [400, { code: 'validation_failed', detail: 'email: unique', fields: { email: ['unique'] } }];
    registered.add(String(body.email));
    return [201, {}];
  }
  if (url?.startsWith('/user/me/'))
    return headers.authorization === `Bearer ${ACCESS}` || headers.authorization === `Bearer ${NEW_ACCESS}`
      ? [200, USER]
      : [401, { code: 'unauthorized', detail: 'token' }];
  if (url === '/auth/logout/') return [204, null];
  return [404, { code: 'not_found', detail: url }];
}

beforeAll(async () => {
  api = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      seen.push({ method: request.method, url: request.url, headers: request.headers, body });
      const [status, payload] = answer(request.url, body, request.headers);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(payload === null ? '' : JSON.stringify(payload));
    });
  });
  await new Promise<void>((listening) => api.listen(0, '127.0.0.1', listening));
  process.env.API_INTERNAL_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  [login, signup, refresh, logout] = await Promise.all([
    import('./login-with-password/route'),
    import('./signup/route'),
    import('./refresh/route'),
    import('./logout/route'),
  ]);
});
afterAll(() => new Promise<void>((closed) => api.close(() => closed())));
beforeEach(() => {
  seen.length = 0;
});

const SAME_ORIGIN = { origin: 'http://localhost:3100', host: 'localhost:3100' };
const post = (
  handler: (request: Request) => Promise<Response>,
  path: string,
  body: unknown,
  headers: Record<string, string> = SAME_ORIGIN,
) =>
  handler(
    new Request(`http://localhost:3100${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );

describe('POST /api/oauth/login-with-password', () => {
  it('keeps the token pair in httpOnly cookies and answers the user without any token', async () => {
    const response = await post(login.POST, '/api/oauth/login-with-password', { email: USER.email, password: 'secret123', locale: 'en' });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(ACCESS);
    expect(text).not.toContain(REFRESH);
    expect(JSON.parse(text)).toEqual({
      expiresIn: 3600,
      user: { id: 7, email: USER.email, nickname: 'はなこ', avatarUrl: null, associates: [{ uid: 'green', name: 'Green' }], staff: false },
    });
    expect(response.headers.getSetCookie()).toEqual([
      `user_token=${ACCESS}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`,
      `user_refresh_token=${REFRESH}; Path=/api/oauth; Max-Age=7776000; HttpOnly; SameSite=Strict`,
    ]);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(seen[0]!.body).toEqual({ grant_type: 'password', username: USER.email, password: 'secret123', locale: 'en' });
  });

  it('relays a refused pair as the API answered it (invalid_grant, for the catalogue) and sets no cookie', async () => {
    const response = await post(login.POST, '/api/oauth/login-with-password', { email: USER.email, password: 'wrong', locale: 'ja' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/^invalid_grant/);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('passes the browser address on only with the proxy secret serve.ts puts beside it', async () => {
    await post(
      login.POST,
      '/api/oauth/login-with-password',
      { email: USER.email, password: 'secret123' },
      { ...SAME_ORIGIN, 'x-forwarded-for': '203.0.113.9', 'x-kifu-proxy-secret': 's3cret' },
    );
    expect(seen[0]!.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(seen[0]!.headers['x-kifu-proxy-secret']).toBe('s3cret');
    seen.length = 0;
    await post(
      login.POST,
      '/api/oauth/login-with-password',
      { email: USER.email, password: 'secret123' },
      { ...SAME_ORIGIN, 'x-forwarded-for': '203.0.113.9' },
    );
    expect(seen[0]!.headers['x-forwarded-for']).toBeUndefined();
  });

  it('refuses another origin and a missing or oversized field without asking the API', async () => {
    expect(
      (
        await post(
          login.POST,
          '/api/oauth/login-with-password',
          { email: USER.email, password: 'secret123' },
          { origin: 'https://evil.example', host: 'localhost:3100' },
        )
      ).status,
    ).toBe(403);
    expect((await post(login.POST, '/api/oauth/login-with-password', { email: USER.email })).status).toBe(400);
    expect((await post(login.POST, '/api/oauth/login-with-password', { email: 'x'.repeat(300), password: 'p' })).status).toBe(400);
    expect(seen).toHaveLength(0);
  });
});

describe('POST /api/oauth/signup', () => {
  it('signs up, logs in with the same pair (spec §4 step 6) and keeps the session', async () => {
    const response = await post(signup.POST, '/api/oauth/signup', { email: 'new@kifu.example', password: 'secret123', locale: 'ja' });
    expect(response.status).toBe(201);
    expect(seen.map((call) => call.url)).toEqual(['/auth/register', '/auth/oauth/token/', '/user/me/?lang=ja']);
    expect(seen[0]!.body).toEqual({ email: 'new@kifu.example', password: 'secret123', locale: 'ja' });
    expect(seen[1]!.body).toMatchObject({ grant_type: 'password', username: 'new@kifu.example', password: 'secret123' });
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(await response.text()).not.toContain(ACCESS);
  });

  it("passes the form's bot-check token on to the API, which checks it (ADR 056)", async () => {
    const body = { email: 'checked@kifu.example', password: 'secret123', locale: 'en', recaptcha_token: 'token-from-the-form' };
    expect((await post(signup.POST, '/api/oauth/signup', body)).status).toBe(201);
    expect(seen[0]!.body).toEqual(body);
  });

  it('relays the field error of a taken email', async () => {
    const response = await post(signup.POST, '/api/oauth/signup', { email: USER.email, password: 'secret123' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ detail: 'email: unique', fields: { email: ['unique'] } });
  });
});

describe('POST /api/oauth/refresh', () => {
  it('rotates both cookies with the refresh cookie', async () => {
    const response = await post(
      refresh.POST,
      '/api/oauth/refresh',
      { locale: 'ja' },
      { ...SAME_ORIGIN, cookie: `user_refresh_token=${REFRESH}` },
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([
      `user_token=${NEW_ACCESS}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`,
      `user_refresh_token=${NEW_REFRESH}; Path=/api/oauth; Max-Age=7776000; HttpOnly; SameSite=Strict`,
    ]);
  });

  it('ends the session (401, cookies cleared) for a spent, malformed or missing refresh cookie', async () => {
    for (const cookie of ['user_refresh_token=SpentSpentSpentSpentSpent', 'user_refresh_token=a;b', '']) {
      const response = await post(refresh.POST, '/api/oauth/refresh', {}, { ...SAME_ORIGIN, cookie });
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie().every((value) => value.includes('Max-Age=0'))).toBe(true);
    }
  });
});

describe('POST /api/oauth/logout', () => {
  it('revokes the token at the API and clears both cookies', async () => {
    const response = await post(logout.POST, '/api/oauth/logout', {}, { ...SAME_ORIGIN, cookie: `user_token=${ACCESS}` });
    expect(response.status).toBe(204);
    expect(seen).toMatchObject([{ url: '/auth/logout/', headers: { authorization: `Bearer ${ACCESS}` } }]);
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect((await post(logout.POST, '/api/oauth/logout', {}, { origin: 'https://evil.example', host: 'localhost:3100' })).status).toBe(403);
  });
});
