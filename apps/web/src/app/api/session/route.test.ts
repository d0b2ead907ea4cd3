import { describe, expect, it } from 'vitest';
import { DELETE, POST } from './route';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

function post(body: unknown, headers: Record<string, string> = { origin: 'http://localhost:3100', host: 'localhost:3100' }, url = 'http://localhost:3100/api/session') {
  return POST(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }));
}

describe('POST /api/session', () => {
  it('sets the user_token cookie httpOnly for 60 days (spec §9)', async () => {
    const response = await post({ accessToken: TOKEN, expiresIn: 5_184_000 });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBe(`user_token=${TOKEN}; Path=/; Max-Age=5184000; HttpOnly; SameSite=Lax`);
  });

  it('marks the cookie Secure on https', async () => {
    const response = await post({ accessToken: TOKEN }, { origin: 'https://kifu.example', host: 'kifu.example', 'x-forwarded-proto': 'https' }, 'http://kifu.example/api/session');
    expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
  });

  it('refuses another origin and a malformed token', async () => {
    expect((await post({ accessToken: TOKEN }, { origin: 'https://evil.example', host: 'localhost:3100' })).status).toBe(403);
    expect((await post({ accessToken: TOKEN }, { host: 'localhost:3100' })).status).toBe(403);
    expect((await post({ accessToken: 'a b; Path=/x' })).status).toBe(400);
    expect((await post({})).status).toBe(400);
  });
});

describe('DELETE /api/session', () => {
  it('expires the user_token cookie, same origin only', async () => {
    const remove = (headers: Record<string, string>) => DELETE(new Request('http://localhost:3100/api/session', { method: 'DELETE', headers }));
    const response = await remove({ origin: 'http://localhost:3100', host: 'localhost:3100' });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBe('user_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    expect((await remove({ origin: 'https://evil.example', host: 'localhost:3100' })).status).toBe(403);
  });
});
