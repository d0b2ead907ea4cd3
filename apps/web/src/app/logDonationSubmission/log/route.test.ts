// POST /logDonationSubmission/log forwards a valid log entry to the API with the caller's token and
// address, refuses an invalid one itself in the API's 400 shape, and relays the API's refusals. A
// small HTTP server stands in for the API at API_INTERNAL_URL and records what it was sent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const ENTRY = {
  payment_method: 1,
  frequency: 2,
  associate_id: 3,
  campaign_id: null,
  amount: 3_000,
  success: false,
  feedback_message: 'カードが拒否されました',
};

let api: Server;
let route: typeof import('./route');
/** What the stand-in answers next: 204, or an error status with the API's body. */
let apiAnswer: { status: number; body?: unknown } = { status: 204 };
const seenByApi: { method?: string; url?: string; headers: Record<string, string | string[] | undefined>; body: unknown }[] = [];

beforeAll(async () => {
  api = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      seenByApi.push({ method: request.method, url: request.url, headers: request.headers, body: JSON.parse(text) as unknown });
      response.writeHead(apiAnswer.status, { 'content-type': 'application/json' });
      response.end(apiAnswer.body === undefined ? undefined : JSON.stringify(apiAnswer.body));
    });
  });
  await new Promise<void>((listening) => api.listen(0, '127.0.0.1', listening));
  process.env.API_INTERNAL_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  // The route reads its configuration when first imported.
  route = await import('./route');
});
afterAll(() => new Promise<void>((closed) => (api.listening ? api.close(() => closed()) : closed())));

function post(body: string, headers: Record<string, string> = {}) {
  return route.POST(
    new Request('http://localhost:3100/logDonationSubmission/log', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }),
  );
}

describe('POST /logDonationSubmission/log', () => {
  it("forwards the entry to the API's submission log with the signed-in supporter's token and address", async () => {
    const response = await post(JSON.stringify(ENTRY), {
      cookie: `locale=ja; user_token=${TOKEN}`,
      'x-forwarded-for': '203.0.113.7',
      'x-kifu-proxy-secret': 'proxy-secret-of-this-deployment',
    });
    expect(response.status).toBe(204);
    const seen = seenByApi.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', url: '/donation/submission-log/', body: ENTRY });
    expect(seen.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      'x-forwarded-for': '203.0.113.7',
      'x-kifu-proxy-secret': 'proxy-secret-of-this-deployment',
    });
  });

  it('forwards a guest entry without a token, with what the schema fills in', async () => {
    const { feedback_message: _left, ...withoutMessage } = ENTRY;
    expect((await post(JSON.stringify(withoutMessage))).status).toBe(204);
    const seen = seenByApi.at(-1)!;
    expect(seen.body).toEqual({ ...withoutMessage, feedback_message: '' });
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('refuses an invalid entry with field errors and asks the API nothing', async () => {
    const asked = seenByApi.length;
    const response = await post(JSON.stringify({ ...ENTRY, payment_method: 2, success: 'yes' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'validation_failed',
      detail: 'invalid body',
      fields: { payment_method: ['value'], success: ['value'] },
    });
    expect((await post('{"payment_method":')).status).toBe(400);
    expect((await post(JSON.stringify({ ...ENTRY, feedback_message: 'x'.repeat(20_000) }))).status).toBe(400);
    expect(seenByApi).toHaveLength(asked);
  });

  it("relays the API's refusal, and answers 503 when the API cannot be reached", async () => {
    apiAnswer = { status: 429, body: { code: 'rate_limited', detail: 'retry after 60 s' } };
    try {
      const limited = await post(JSON.stringify(ENTRY));
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ code: 'rate_limited', detail: 'retry after 60 s' });
    } finally {
      apiAnswer = { status: 204 };
    }
    await new Promise<void>((closed) => api.close(() => closed()));
    expect((await post(JSON.stringify(ENTRY))).status).toBe(503);
  });
});
