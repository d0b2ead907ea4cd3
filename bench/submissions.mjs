// Card gift submissions and their settlement (ADR 038), next to the PostgreSQL server's own
// throughput (pgbench) measured in the same run.
//
// One gift is what the donation form sends for a guest's single card gift (apps/web
// features/donate/submit/pay-by-card.ts): POST /payment/non-member-credit {token, email} (the API
// makes the guest's card customer at the gateway), then POST /donation/ with an Idempotency-Key and
// the bot-check token (the API verifies it, records the donation and starts its 3-D Secure charge).
// The browser's own work — tokenising the card at the vault and getting the bot-check token — is
// done before the timed window, one fresh pair per gift. After each gift a "supporter" presses
// Authenticate on the sandbox's 3-D Secure page, off the timed path; the gateway then sends its
// webhooks and the API's job worker settles the donation, which is the second figure. Nobody polls
// the status, so every settlement goes through the webhook and the job (the status poll would
// settle it too). The API's CPU per gift is measured twice: over gifts whose supporter never
// authenticates (the request alone), then over the whole run (request and settlement); settlement's
// share is the difference.
//
//   node bench/submissions.mjs [--smoke]     own database, own sandbox + API, prints the rows
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { cpuSeconds, percentile, pgbenchBaseline, scratchDatabase, startServices } from './stack.mjs';

/** Ports of this benchmark's own services, clear of run.mjs's and the other benchmarks'. */
const PORTS = { api: 4440, sandbox: 4450 };
/**
 * The goals for a card gift (docs/performance.md): gifts/s and p99 with the sandbox on the same
 * cores, settlement keeping up with submission, and the API's CPU per gift in the request and in
 * its settlement.
 */
const GOALS = { p99Ms: 150, perSecond: 300, keepUp: 0.9, requestCpuMs: 3, settlementCpuMs: 3 };
/** Tokens made before the window: enough for this many gifts a second over the window (smoke: far fewer). */
const TOKEN_CEILING_PER_S = 400;
const SMOKE_TOKENS = 200;
const CLIENT_URI = 'http://localhost:3000/associate/kodomo-shokudo-mirai/donate/confirmation';
const SUCCESS_CARD = '4242424242424242';

const { SANDBOX_CREDENTIALS } = await tsImport('@kifu/domain/sandbox-credentials', import.meta.url);
const PROXY_SECRET_HEADER = 'x-kifu-proxy-secret';

const basic = (key) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function json(response, what) {
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${what}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Runs `work(i)` for i in 0…count-1, `concurrency` at a time. */
async function inParallel(count, concurrency, work) {
  let next = 0;
  const lane = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
}

/** What the browser does before the form submits: a vault token for the card and a bot-check token. */
async function browserTokens(sandbox, count) {
  const pairs = new Array(count);
  await inParallel(count, 16, async (i) => {
    const card = await json(
      await fetch(`${sandbox}/tokens`, {
        method: 'POST',
        headers: { authorization: basic(SANDBOX_CREDENTIALS.card.publicKey), 'content-type': 'application/json' },
        body: JSON.stringify({
          card: { name: 'TARO YAMADA', number: SUCCESS_CARD, expiration_month: 12, expiration_year: 2040, security_code: '123' },
        }),
      }),
      'tokenising',
    );
    const bot = await json(
      await fetch(`${sandbox}/recaptcha/api/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siteKey: SANDBOX_CREDENTIALS.botCheck.siteKey, action: 'submit' }),
      }),
      'bot-check token',
    );
    pairs[i] = { card: card.id, bot: bot.token };
  });
  return pairs;
}

/**
 * Sandbox HTTP requests one gift costs, read from the code path (kept here so the note says it):
 * in the request, POST /customers (non-member-credit), siteverify and POST /charges (donation);
 * after 3-D Secure, the charge.create and charge.complete webhooks, each a job that retrieves the
 * charge (GET /charges/:id). The browser's own calls (tokens, bot-check token, 3-D Secure page) are not counted.
 */
const SANDBOX_CALLS = { request: 3, settlement: 4 };
/**
 * Database round trips (simple queries + extended-query Syncs) one gift cost, counted once on
 * 2026-11-25 with a protocol-counting TCP proxy in front of PostgreSQL: none for the customer, about
 * 14 for POST /donation/ and about 36 for the two webhooks, their jobs and the thank-you mail.
 */
const DB_ROUND_TRIPS = { request: 14, settlement: 36 };

/**
 * One supporter: an address of their own (the bench stands where the web proxy stands and vouches
 * for X-Forwarded-For with PROXY_SECRET, as apps/web's server does), an email of their own.
 */
function supporter(api, proxySecret) {
  const address = `10.${randomBytes(3).join('.')}`;
  const email = `bench-${randomUUID()}@example.com`;
  const post = (path, body) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
        'x-forwarded-for': address,
        [PROXY_SECRET_HEADER]: proxySecret,
      },
      body: JSON.stringify(body),
    });
  return { email, post };
}

const donor = (email) => ({
  last_name: '山田',
  first_name: '花子',
  birthday: '1990-04-01',
  zip_code: '1000001',
  area: '東京都',
  city: '千代田区',
  address1: '千代田1-1',
  phone: '0312345678',
  email,
});

/** One gift through the API; answers the donation's id and 3-D Secure address, or null when refused. */
async function giveOnce(api, proxySecret, tokens, timings) {
  const { email, post } = supporter(api, proxySecret);
  const started = performance.now();
  const customer = await post('/payment/non-member-credit', { token: tokens.card, email });
  if (!customer.ok) return (await customer.arrayBuffer(), null);
  const { customer_id, customer_handle } = await customer.json();
  const donationStarted = performance.now();
  const donation = await post('/donation/', {
    donor: donor(email),
    amount: 3_000,
    associate_id: 1,
    customer_id,
    customer_handle,
    client_uri: CLIENT_URI,
    recaptcha_token: tokens.bot,
  });
  const body = await donation.json().catch(() => null);
  const ended = performance.now();
  if (!donation.ok) return null;
  timings.gift.push(ended - started);
  timings.donation.push(ended - donationStarted);
  return { id: body.donation.id, authorizeUri: body.authorize_uri };
}

/** The supporter presses Authenticate on the issuer's page (a form POST; the bench skips the GET of the page). */
async function authenticate(authorizeUri) {
  const response = await fetch(authorizeUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'result=authenticate',
    redirect: 'manual',
  });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`3-D Secure answer for ${authorizeUri} was ${response.status}`);
}

/** Polls the database until every donation of `ids` is paid (or `timeoutMs` passes); answers when, or null. */
async function settledAt(db, ids, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await db.query(`select count(*)::int as paid from donations where id = any($1) and status = 'paid'`, [ids]);
    if (rows[0].paid >= ids.length) return performance.now();
    await sleep(100);
  }
  return null;
}

/**
 * Gift submissions/s through the API next to pgbench's TPS, and settled gifts/s next to the
 * submissions/s of the same run. `stack`: a running { api, sandbox, databaseUrl, proxySecret,
 * pids? } to use instead of starting one (its API must believe `proxySecret`).
 */
export async function measureSubmissions({ smoke = false, stack } = {}) {
  const connections = smoke ? 4 : 32;
  const durationS = smoke ? 2 : 10;
  const baseline = await pgbenchBaseline({ clients: connections, durationS });

  const own = stack ? undefined : await scratchDatabase('kifu_bench_gifts');
  let services;
  try {
    services = stack ?? { ...(await startServices(PORTS, { DATABASE_URL: own.url })), databaseUrl: own.url };
    const db = new pg.Client({ connectionString: services.databaseUrl });
    await db.connect();
    try {
      return await measure(services, db, { connections, durationS, baseline, smoke });
    } finally {
      await db.end();
    }
  } finally {
    if (!stack) {
      await services?.stop();
      await own.drop();
    }
  }
}

/**
 * The API's CPU per gift for the request alone: `count` gifts whose supporter never authenticates,
 * so nothing settles (what the gateway sends at once, its charge.create webhook, is counted in).
 * Answers milliseconds, or null where there is no /proc.
 */
async function requestCpuPerGift(services, count, connections) {
  const { api, sandbox, proxySecret, pids } = services;
  const tokens = await browserTokens(sandbox, count);
  // The webhooks of the gifts before have been handled: the window holds only these gifts' work.
  await sleep(2_000);
  const before = pids ? cpuSeconds(pids.api) : null;
  let given = 0;
  await inParallel(count, connections, async (i) => {
    if (await giveOnce(api, proxySecret, tokens[i], { gift: [], donation: [] })) given++;
  });
  // The charge.create webhooks these gifts caused, and their jobs.
  await sleep(2_000);
  if (before === null || given === 0) return null;
  return ((cpuSeconds(pids.api) - before) * 1000) / given;
}

async function measure(services, db, { connections, durationS, baseline, smoke }) {
  const { api, sandbox, proxySecret } = services;
  // Warm the path (compiled modules, pools, JIT) with a few gifts outside the window.
  const warm = await browserTokens(sandbox, connections);
  await inParallel(warm.length, connections, (i) => giveOnce(api, proxySecret, warm[i], { gift: [], donation: [] }));
  const requestCpuMs = await requestCpuPerGift(services, smoke ? 20 : 500, connections);

  const pool = await browserTokens(sandbox, connections > 4 ? TOKEN_CEILING_PER_S * durationS : SMOKE_TOKENS);
  const timings = { gift: [], donation: [] };
  const given = [];
  const authentications = [];
  let failed = 0;
  let next = 0;
  const sandboxCpuBefore = services.pids ? cpuSeconds(services.pids.sandbox) : null;
  const apiCpuBefore = services.pids ? cpuSeconds(services.pids.api) : null;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  let lastGiven = started;
  const lane = async () => {
    while (performance.now() < deadline && next < pool.length) {
      const tokens = pool[next++];
      try {
        const gift = await giveOnce(api, proxySecret, tokens, timings);
        if (!gift) {
          failed++;
          continue;
        }
        lastGiven = performance.now();
        given.push(gift.id);
        // The supporter authenticates while the next supporter submits; not on the timed path.
        authentications.push(authenticate(gift.authorizeUri));
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  const elapsedS = (lastGiven - started) / 1000;
  const ranOut = next >= pool.length;
  await Promise.all(authentications);
  const allPaid = await settledAt(db, given, 120_000);
  const wall = (performance.now() - started) / 1000;
  const sandboxCpu = sandboxCpuBefore === null ? null : cpuSeconds(services.pids.sandbox) - sandboxCpuBefore;
  const apiCpu = apiCpuBefore === null ? null : cpuSeconds(services.pids.api) - apiCpuBefore;

  // Both figures per gift; settlement is what the whole run cost beyond the requests.
  const totalCpuMs = apiCpu === null ? null : (apiCpu * 1000) / Math.max(given.length, 1);
  const settlementCpuMs = totalCpuMs === null || requestCpuMs === null ? null : Math.max(0, totalCpuMs - requestCpuMs);
  const gifts = {
    rps: given.length / Math.max(elapsedS, 0.001),
    p99: percentile(timings.gift, 99),
    failed,
  };
  const settledS = allPaid === null ? null : (allPaid - started) / 1000;
  const settled = {
    rps: settledS === null ? 0 : given.length / settledS,
    p99: 0,
    failed: allPaid === null ? given.length : 0,
  };
  const cpu =
    sandboxCpu === null
      ? ''
      : `; CPU from first gift to last settlement (${wall.toFixed(1)} s): sandbox ${sandboxCpu.toFixed(1)} s, API ${apiCpu.toFixed(1)} s`;
  return [
    {
      what: 'card gift submissions (guest, single), gifts/s (p99)',
      kifu: gifts,
      baselineName: `pgbench TPC-B, ${connections} clients`,
      baseline,
      goal: `≥ ${GOALS.perSecond}/s, p99 < ${GOALS.p99Ms} ms`,
      met: gifts.p99 < GOALS.p99Ms && gifts.rps >= GOALS.perSecond && failed === 0 && !ranOut,
      note:
        `${given.length} gifts; a gift = POST /payment/non-member-credit + POST /donation/ ` +
        `(p99 of /donation/ alone ${Math.round(percentile(timings.donation, 99))} ms); ` +
        `card and bot-check tokens made before the window; ` +
        `${SANDBOX_CALLS.request} sandbox calls and ~${DB_ROUND_TRIPS.request} DB round trips in the request, ` +
        `${SANDBOX_CALLS.settlement} and ~${DB_ROUND_TRIPS.settlement} more to settle` +
        `${ranOut ? '; **ran out of pre-made tokens**' : ''}${cpu}`,
    },
    {
      what: 'card gifts settled (webhook → job), gifts/s',
      kifu: settled,
      baselineName: 'submissions of this run',
      baseline: gifts,
      goal: 'keeps up with submissions',
      met: allPaid !== null && settled.rps >= GOALS.keepUp * gifts.rps,
      note:
        allPaid === null
          ? 'not all settled within 2 minutes'
          : `all paid ${((allPaid - lastGiven) / 1000).toFixed(1)} s after the last submission; ` +
            `met when settled/s (first submission → last paid) ≥ ${GOALS.keepUp} × submissions/s`,
    },
    cpuRow(
      'API CPU per card gift, request (ms)',
      requestCpuMs,
      GOALS.requestCpuMs,
      'gifts whose supporter never authenticates, CPU of the API over them (the charge.create webhook included)',
    ),
    cpuRow(
      'API CPU per card gift, settlement (ms)',
      settlementCpuMs,
      GOALS.settlementCpuMs,
      'the run above, CPU of the API from first gift to last settlement per gift, less the request',
    ),
  ];
}

/** A row of CPU milliseconds per gift next to its goal (text row: the goal is the baseline). */
function cpuRow(what, ms, goalMs, how) {
  return {
    what,
    kifu: ms === null ? 'not measured (no /proc)' : `${ms.toFixed(1)} ms; ${how}`,
    baseline: `goal: ${goalMs} ms`,
    ratio: ms === null ? 0 : ms / goalMs,
    goal: `≤ ${goalMs} ms`,
    met: ms !== null && ms <= goalMs,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await measureSubmissions({ smoke: process.argv.includes('--smoke') });
  console.info(JSON.stringify(rows, null, 2));
}
