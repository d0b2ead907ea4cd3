// The session route sets the cookie only for a token the API knows. A small HTTP server stands in
// for the API at API_INTERNAL_URL and answers GET /user/me/ as it does: 200 with the user for its
// one live token, 401 for any other.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const MADE_UP = 'ZzZzZzZzZzZzZzZzZzZzZzZzZzZzZzZzZzZzZzZzZzZ';

let api: Server;
let route: typeof import('./route');
const seenByApi: { url: string | undefined; authorization: string | undefined }[] = [];

beforeAll(async () => {
  api = createServer((request, response) => {
    seenByApi.push({ url: request.url, authorization: request.headers.authorization });
    const live = request.method === 'GET' && request.url === '/user/me/' && request.headers.authorization === `Bearer ${TOKEN}`;
    response.writeHead(live ? 200 : 401, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(live ? { id: 1, email: 'member@example.com' } : { code: 'unauthorized', detail: 'a valid access token is required' }),
    );
  });
  await new Promise<void>((listening) => api.listen(0, '127.0.0.1', listening));
  process.env.API_INTERNAL_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  // The route reads its configuration when first imported.
  route = await import('./route');
});
afterAll(() => new Promise<void>((closed) => (api.listening ? api.close(() => closed()) : closed())));

function post(
  body: unknown,
  headers: Record<string, string> = { origin: 'http://localhost:3100', host: 'localhost:3100' },
  url = 'http://localhost:3100/api/session',
) {
  return route.POST(
    new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
  );
}

describe('POST /api/session', () => {
  it('sets the user_token cookie httpOnly for 60 days (spec §9) once the API knows the token', async () => {
    const response = await post({ accessToken: TOKEN, expiresIn: 5_184_000 });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBe(`user_token=${TOKEN}; Path=/; Max-Age=5184000; HttpOnly; SameSite=Lax`);
    expect(seenByApi.at(-1)).toEqual({ url: '/user/me/', authorization: `Bearer ${TOKEN}` });
  });

  it('marks the cookie Secure on https', async () => {
    const response = await post(
      { accessToken: TOKEN },
      { origin: 'https://kifu.example', host: 'kifu.example', 'x-forwarded-proto': 'https' },
      'http://kifu.example/api/session',
    );
    expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
  });

  it('answers 401 and sets no cookie for a well-formed token the API does not know', async () => {
    const response = await post({ accessToken: MADE_UP });
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('refuses another origin and a malformed token without asking the API', async () => {
    const asked = seenByApi.length;
    expect((await post({ accessToken: TOKEN }, { origin: 'https://evil.example', host: 'localhost:3100' })).status).toBe(403);
    expect((await post({ accessToken: TOKEN }, { host: 'localhost:3100' })).status).toBe(403);
    expect((await post({ accessToken: 'a b; Path=/x' })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect(seenByApi).toHaveLength(asked);
  });
});

describe('DELETE /api/session', () => {
  it('expires the user_token cookie, same origin only', async () => {
    const remove = (headers: Record<string, string>) =>
      route.DELETE(new Request('http://localhost:3100/api/session', { method: 'DELETE', headers }));
    const response = await remove({ origin: 'http://localhost:3100', host: 'localhost:3100' });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()).toEqual([
      'user_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
      'user_refresh_token=; Path=/api/oauth; Max-Age=0; HttpOnly; SameSite=Strict',
    ]);
    expect((await remove({ origin: 'https://evil.example', host: 'localhost:3100' })).status).toBe(403);
  });
});

describe('when the API cannot be reached', () => {
  it('answers 503 and sets no cookie', async () => {
    await new Promise<void>((closed) => api.close(() => closed()));
    const response = await post({ accessToken: TOKEN });
    expect(response.status).toBe(503);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
