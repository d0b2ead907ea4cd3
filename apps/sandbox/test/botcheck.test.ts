// Contract of the reCAPTCHA v3-compatible bot check (src/botcheck/index.ts), over real HTTP:
// minting, siteverify with Google's answers and error codes, single use, the 2-minute lifetime,
// and the controls tests use to play a bot.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';

const { siteKey: SITE_KEY, secret: SECRET } = SANDBOX_CREDENTIALS.botCheck;

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildSandbox({ config: loadSandboxConfig({ BOT_CHECK_DEFAULT_SCORE: '0.9' }) });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => fetch(`${base}/__control/reset`, { method: 'POST' }));
afterAll(() => app.close());

async function mint(body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/recaptcha/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ siteKey: SITE_KEY, action: 'submit', ...body }),
  });
  return {
    status: response.status,
    headers: response.headers,
    json: (await response.json()) as { token: string; error?: string; message?: string },
  };
}

/** Posts form-encoded, as Kifu's server does; `query` puts the parameters in the URL instead. */
async function siteverify(params: Record<string, string>, { query = false } = {}) {
  const encoded = new URLSearchParams(params).toString();
  const response = await fetch(`${base}/recaptcha/api/siteverify${query ? `?${encoded}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: query ? '' : encoded,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

const verifyToken = async (token: string) => siteverify({ secret: SECRET, response: token, remoteip: '203.0.113.7' });
const control = (body: unknown) =>
  fetch(`${base}/recaptcha/__control`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const advanceClock = (advanceMs: number) =>
  fetch(`${base}/__control/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  });

describe('GET /recaptcha/api.js', () => {
  it('serves the grecaptcha library for the site key', async () => {
    const response = await fetch(`${base}/recaptcha/api.js?render=${SITE_KEY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    const script = await response.text();
    expect(script).toContain('window.grecaptcha');
    expect(script).toContain('grecaptcha.execute');
    expect(script).toContain('grecaptcha.ready');
  });
});

describe('POST /recaptcha/api/token', () => {
  it('mints an opaque token for any page (CORS open)', async () => {
    const { status, headers, json } = await mint({}, { origin: 'http://localhost:3000' });
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(json.token).toMatch(/^[\w-]{300,}$/);
    const preflight = await fetch(`${base}/recaptcha/api/token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
  });

  it('refuses an unknown site key and a malformed action', async () => {
    const unknown = await mint({ siteKey: 'someone-elses-key' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ error: 'invalid-site-key', message: expect.stringContaining('Invalid site key') });
    expect((await mint({ action: 'sub mit!' })).status).toBe(400);
    expect((await mint({ score: 2 })).status).toBe(400);
  });
});

describe('POST /recaptcha/api/siteverify', () => {
  it('verifies a fresh token with its score, action, time and host name, like Google', async () => {
    const { json } = await mint({ action: 'submit' }, { origin: 'http://localhost:3000' });
    const result = await verifyToken(json.token);
    expect(result).toEqual({
      success: true,
      score: 0.9,
      action: 'submit',
      hostname: 'localhost',
      challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(Math.abs(Date.parse(result.challenge_ts as string) - Date.now())).toBeLessThan(5_000);
  });

  it('reports the page host name the token was minted on', async () => {
    const { json } = await mint({}, { origin: 'https://kifu.example.jp' });
    expect(await verifyToken(json.token)).toMatchObject({ success: true, hostname: 'kifu.example.jp' });
  });

  it('reports the action the page asked for, which Kifu must compare', async () => {
    const { json } = await mint({ action: 'login' });
    expect(await verifyToken(json.token)).toMatchObject({ success: true, action: 'login' });
  });

  it('accepts the parameters in the query string too', async () => {
    const { json } = await mint();
    expect(await siteverify({ secret: SECRET, response: json.token }, { query: true })).toMatchObject({ success: true });
  });

  it('accepts a token once: the second use is timeout-or-duplicate', async () => {
    const { json } = await mint();
    expect(await verifyToken(json.token)).toMatchObject({ success: true });
    expect(await verifyToken(json.token)).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it('accepts a token for 2 minutes of sandbox time, then answers timeout-or-duplicate', async () => {
    const fresh = (await mint()).json.token;
    const stale = (await mint()).json.token;
    await advanceClock(110_000);
    expect(await verifyToken(fresh)).toMatchObject({ success: true });
    await advanceClock(11_000);
    expect(await verifyToken(stale)).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it.each([
    ['a wrong secret', { secret: 'wrong' }, ['invalid-input-secret']],
    ['no secret', { secret: undefined }, ['missing-input-secret']],
    ['no response', { response: undefined }, ['missing-input-response']],
    ['nothing at all', { secret: undefined, response: undefined }, ['missing-input-response', 'missing-input-secret']],
    ['a token it never issued', { response: 'not-a-token' }, ['invalid-input-response']],
  ])('answers %s with Google’s error codes', async (_name, overrides, codes) => {
    const { json } = await mint();
    const params = Object.fromEntries(
      Object.entries({ secret: SECRET, response: json.token, ...overrides }).filter(([, value]) => value !== undefined),
    ) as Record<string, string>;
    expect(await siteverify(params)).toEqual({ success: false, 'error-codes': codes });
  });

  it('leaves the token usable after a wrong secret', async () => {
    const { json } = await mint();
    await siteverify({ secret: 'wrong', response: json.token });
    expect(await verifyToken(json.token)).toMatchObject({ success: true });
  });

  it('answers bad-request to JSON and to a repeated parameter', async () => {
    const { json } = await mint();
    const asJson = await fetch(`${base}/recaptcha/api/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: SECRET, response: json.token }),
    });
    expect(asJson.status).toBe(200);
    expect(await asJson.json()).toEqual({ success: false, 'error-codes': ['bad-request'] });
    const repeated = await fetch(`${base}/recaptcha/api/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `secret=${SECRET}&secret=${SECRET}&response=x`,
    });
    expect(await repeated.json()).toEqual({ success: false, 'error-codes': ['bad-request'] });
  });

  it('fails with 500 under fault injection while the script and minting keep working', async () => {
    await fetch(`${base}/__control/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorRate: 1 }),
    });
    const { status, json } = await mint();
    expect(status).toBe(200);
    expect((await fetch(`${base}/recaptcha/api.js?render=${SITE_KEY}`)).status).toBe(200);
    const response = await fetch(`${base}/recaptcha/api/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: SECRET, response: json.token }).toString(),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ success: false });
  });
});

describe('controlling the outcome', () => {
  it('mints low-score tokens after PUT /recaptcha/__control {score:0.1}, leaving earlier tokens as they were', async () => {
    const before = (await mint()).json.token;
    const changed = await control({ score: 0.1 });
    expect(await changed.json()).toEqual({ score: 0.1, fail: false });
    const after = (await mint()).json.token;
    expect(await verifyToken(after)).toMatchObject({ success: true, score: 0.1 });
    expect(await verifyToken(before)).toMatchObject({ success: true, score: 0.9 });
  });

  it('makes new tokens fail verification in fail mode', async () => {
    await control({ fail: true });
    const { json } = await mint();
    expect(await verifyToken(json.token)).toEqual({ success: false, 'error-codes': ['invalid-input-response'] });
    await control({ fail: false });
    expect(await verifyToken((await mint()).json.token)).toMatchObject({ success: true });
  });

  it('mints a token with an explicit score', async () => {
    const { json } = await mint({ score: 0.3 });
    expect(await verifyToken(json.token)).toMatchObject({ success: true, score: 0.3 });
  });

  it('restores the default score on reset and rejects bad settings', async () => {
    await control({ score: 0.2, fail: true });
    await fetch(`${base}/__control/reset`, { method: 'POST' });
    expect(await (await fetch(`${base}/recaptcha/__control`)).json()).toEqual({ score: 0.9, fail: false });
    expect((await control({ score: 1.5 })).status).toBe(400);
    expect((await control({ fail: 'yes' })).status).toBe(400);
    expect((await control({ level: 1 })).status).toBe(400);
  });

  it('shows the site key and the current score on the sandbox index', async () => {
    await control({ score: 0.1 });
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('Bot check (reCAPTCHA v3-compatible)');
    expect(html).toContain(SITE_KEY);
    expect(html).toContain('New tokens score <strong>0.1</strong>');
    expect(html).toContain('PUT /recaptcha/__control');
  });
});
