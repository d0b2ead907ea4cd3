// Kifu on several boxes (docs/deploy.md): two API processes, two web processes and two job
// workers against one PostgreSQL server and one Redis, as a deployment behind load balancers runs
// them. Real processes started as production starts them, the provider sandbox over real HTTP, its
// webhooks through a round-robin balancer in front of both APIs. Web 1 talks to API 1, web 2 to API
// 2, and the APIs tell only web 1 to refresh pages, as a load balancer would pick one.
//
// `npm run test:multi-instance` (not part of `npm test`: it needs the web build, the machine's
// PostgreSQL and Redis, and a minute to start). CI runs it after the browser suite.
import { randomUUID } from 'node:crypto';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { api } from '@kifu/domain';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleIfStale } from '../../../../scripts/bundle-services.mjs';
import { buildWebIfStale } from '../../../../scripts/local-stack.mjs';
import { startChild, type TestChild } from '../helpers/child-process';
import { CLIENT_URI, donorPayload, sandboxCharges, SUCCESS_CARD } from '../helpers/donation-requests';
import { eventually } from '../helpers/eventually';
import { startSandbox, type TestSandbox } from '../helpers/start-sandbox';

const WEB_ROOT = fileURLToPath(new URL('../../../web/', import.meta.url));
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A Redis database of this test's own, emptied first: the limits' counters start at nought. */
const REDIS_URL = process.env.MULTI_INSTANCE_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const BASE_PORT = Number(process.env.MULTI_INSTANCE_PORT_BASE ?? 4700);
/** The public pages' cache lifetime (PUBLIC_CACHE_SECONDS): a change seen sooner came by revalidation. */
const PAGE_CACHE_MS = 60_000;
/** Per address and username, per minute (auth-routes.ts TOKEN_RATE_LIMIT_MAX). */
const LOGIN_LIMIT = 10;

const database = `kifu_multi_${process.pid}`;
const databaseUrl = Object.assign(new URL(SERVER), { pathname: `/${database}` }).toString();
const children: TestChild[] = [];
let sandbox: TestSandbox;
let balancer: Server;
let admin: pg.Client;
let db: pg.Client;
const apis = [`http://127.0.0.1:${BASE_PORT + 1}`, `http://127.0.0.1:${BASE_PORT + 2}`];
const webs = [`http://localhost:${BASE_PORT + 3}`, `http://localhost:${BASE_PORT + 4}`];
const startedAt = new Date();
/** The supporters this test made, each with one paid gift. */
const donors: string[] = [];

async function answers(url: string, child: TestChild, timeoutMs = 240_000) {
  await eventually(
    async () => {
      if (child.process.exitCode !== null) throw new Error(`${url} exited: ${child.stderr().slice(-2000)}`);
      return fetch(url)
        .then((response) => (response.status < 500 ? true : undefined))
        .catch(() => undefined);
    },
    { timeoutMs, everyMs: 250 },
  );
}

/** Sends each request to the next API in turn, as a load balancer in front of them would. */
function roundRobin(targets: string[]): Promise<Server> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const target = new URL(incoming.url ?? '/', targets[next++ % targets.length]);
    const proxied = forward(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    proxied.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(proxied);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  // What production runs (ADR 044): the web build and the bundles of the API, worker and web server.
  buildWebIfStale();
  await bundleIfStale('api');
  await bundleIfStale('web');
  admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();

  balancer = await roundRobin(apis);
  const balancerUrl = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
  sandbox = await startSandbox({ CARD_WEBHOOK_URL: `${balancerUrl}/webhooks/card/` });
  const secrets = { REVALIDATE_SECRET: randomUUID(), PROXY_SECRET: randomUUID() };
  const shared = {
    ...secrets,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    SANDBOX_URL: sandbox.url,
    SMTP_URL: sandbox.smtpUrl,
    BOT_CHECK_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    WEB_ORIGIN: webs[0],
    DATA_DIR: undefined,
  };
  const apiEnv = (index: number) => ({
    ...shared,
    API_PORT: String(BASE_PORT + 1 + index),
    JOBS_IN_PROCESS: 'false',
    WEB_REVALIDATE_URL: `${webs[0]}/api/revalidate`,
  });
  // The first API migrates and seeds the empty database; the others find it ready.
  for (const index of [0, 1]) {
    const child = startChild('dist/server.js', apiEnv(index));
    children.push(child);
    await answers(`${apis[index]}/health`, child);
  }
  children.push(startChild('dist/worker.js', apiEnv(0)), startChild('dist/worker.js', apiEnv(1)));
  for (const index of [0, 1]) {
    const web = startChild('dist/serve.js', { ...shared, PORT: String(BASE_PORT + 3 + index), API_INTERNAL_URL: apis[index] }, WEB_ROOT);
    children.push(web);
    await answers(`${webs[index]}/api/version`, web);
  }
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
}, 900_000);

afterAll(async () => {
  for (const child of children) child.process.kill('SIGTERM');
  await Promise.all(children.map((child) => child.exited));
  await db?.end();
  await sandbox?.close();
  balancer?.close();
  await admin?.query(`drop database if exists ${database} with (force)`);
  await admin?.end();
}, 60_000);

/** A published campaign of the demo data, read from the API. */
async function aCampaign(): Promise<{ id: number; associateId: number }> {
  const list = (await (await fetch(`${apis[0]}/campaign/?lang=ja&page_size=1&status=published`)).json()) as {
    results: { id: number }[];
  };
  const id = list.results[0]!.id;
  const { rows } = await db.query<{ associate_id: number }>('select associate_id from campaigns where id = $1', [id]);
  return { id, associateId: rows[0]!.associate_id };
}

/** What the donation form does in the browser, through `web`'s /backend: a guest card gift up to its 3-D Secure page. */
async function startGift(web: string, campaign: { id: number; associateId: number }) {
  const email = `multi-${randomUUID()}@example.com`;
  donors.push(email);
  const token = await sandbox.tokenize(SUCCESS_CARD);
  const customer = await fetch(`${web}/backend/payment/non-member-credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, email }),
  });
  expect(customer.status).toBe(200);
  const request: api.CardDonationRequest = {
    donor: donorPayload({ email }),
    amount: 3_000,
    associate_id: campaign.associateId,
    campaign_id: campaign.id,
    client_uri: CLIENT_URI,
    ...((await customer.json()) as { customer_id: string; customer_handle: string }),
  } as api.CardDonationRequest;
  return { request, customerId: (request as { customer_id: string }).customer_id };
}

function submit(web: string, request: unknown, key: string) {
  return fetch(`${web}/backend/donation/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(request),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as api.CardDonationResponse }));
}

/** Authenticates at 3-D Secure and waits until the donation is paid, as the confirmation page polls it. */
async function pay(web: string, reply: api.CardDonationResponse) {
  await sandbox.authorize(reply.authorize_uri!, 'authenticate');
  await eventually(
    async () => {
      const response = await fetch(
        `${web}/backend/donation/${reply.donation.id}/status/?donation_token=${encodeURIComponent(reply.status_token ?? '')}`,
      );
      const body = (await response.json()) as api.DonationStatusResponse;
      return body.result === 'PAID' ? true : undefined;
    },
    { timeoutMs: 60_000, everyMs: 250 },
  );
}

describe('Kifu on two API, two web and two worker processes', () => {
  it('charges a gift once when its submit reaches both web instances, whichever answers first', async () => {
    const campaign = await aCampaign();
    for (const [first, second] of [webs, [...webs].reverse()] as [string, string][]) {
      const { request, customerId } = await startGift(first, campaign);
      const key = randomUUID();
      const replies = await Promise.all([submit(first, request, key), submit(second, request, key)]);
      // The one that came second either waits for the first and answers with it, or is told it is in progress.
      const answered = replies.filter((reply) => reply.status === 200);
      expect(answered.length).toBeGreaterThan(0);
      for (const reply of replies) expect([200, 409]).toContain(reply.status);
      expect(new Set(answered.map((reply) => reply.body.donation.id)).size).toBe(1);
      await pay(second, answered[0]!.body);
      // Sent again later, through the other instance: the same donation, nothing charged again.
      const again = await submit(first, request, key);
      expect(again.status).toBe(200);
      expect(again.body.donation.id).toBe(answered[0]!.body.donation.id);
      const charges = (await sandboxCharges(sandbox)).filter((charge) => charge.customer === customerId);
      expect(charges.map((charge) => charge.status)).toEqual(['successful']);
    }
  });

  it('shows a paid gift on the campaign page of both web instances at once, though only one was told', async () => {
    const campaign = await aCampaign();
    const path = `/en/campaign/${campaign.id}`;
    const raised = async () =>
      ((await (await fetch(`${apis[1]}/campaign/${campaign.id}/?lang=en`)).json()) as { raised_amount: number }).raised_amount;
    // Both instances hold the page in their caches for a minute.
    const cachedAt = Date.now();
    for (const web of webs) {
      const page = await fetch(`${web}${path}`);
      await page.text();
      expect(page.headers.get('cache-control')).toMatch(/s-maxage=60\b/);
    }
    const before = await raised();
    const { request } = await startGift(webs[1]!, campaign);
    const reply = await submit(webs[1]!, request, randomUUID());
    expect(reply.status).toBe(200);
    await pay(webs[1]!, reply.body);
    const shown = `¥${(before + 3_000).toLocaleString('en-US')}`;
    for (const web of webs) {
      await eventually(async () => ((await (await fetch(`${web}${path}`)).text()).includes(shown) ? true : undefined), {
        timeoutMs: 45_000,
        everyMs: 250,
      });
    }
    // Sooner than either cached copy would have expired on its own.
    expect(Date.now() - cachedAt).toBeLessThan(PAGE_CACHE_MS);
  });

  it('counts login attempts across both API processes', async () => {
    const username = `multi-${randomUUID()}@example.com`;
    const login = (apiUrl: string) =>
      fetch(`${apiUrl}/auth/oauth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username, password: 'guess-123' }),
      }).then((response) => response.status);
    // Half the allowance on each process: alone, neither would have reached its limit.
    for (let attempt = 0; attempt < LOGIN_LIMIT; attempt++) expect(await login(apis[attempt % 2]!)).toBe(400);
    expect(await login(apis[0]!)).toBe(429);
    expect(await login(apis[1]!)).toBe(429);
  });

  it('has the two workers do every job once', async () => {
    const settled = await eventually(
      async () => {
        // Periodic jobs (dedupe key periodic:*) are left out: a worker may start one at any moment.
        const { rows } = await db.query<{ status: string; attempts: number; kind: string }>(
          "select status, attempts, kind from jobs where created_at >= $1 and coalesce(dedupe_key, '') not like 'periodic:%'",
          [startedAt],
        );
        return rows.every((row) => row.status !== 'queued' && row.status !== 'running') ? rows : undefined;
      },
      { timeoutMs: 60_000, everyMs: 500 },
    );
    expect(settled.length).toBeGreaterThan(0);
    expect(settled.filter((row) => row.status !== 'succeeded' || row.attempts !== 1)).toEqual([]);
    // Each supporter of this test got one thank-you mail, not one per worker.
    expect(donors.length).toBeGreaterThan(0);
    for (const email of donors) expect(await sandbox.mailsTo(email)).toHaveLength(1);
  });
});
