// The benchmark suite (docs/performance.md): starts the whole stack on ports of its own, warms it, loads each
// hot path (with wrk where installed, bench/load-generator.mjs) and prints one table where every figure stands next to its baseline
// from the same run and the ratio between them. For cached pages and API reads the baseline is the
// machine's limit: a bare server (Node's http for pages, a bare Fastify route for the API) sending
// the very bytes Kifu sent, from a process of its own on the same cores (bench/bare-server.mjs).
//
//   npm run bench              the full run (10 s per figure; the API's reads also on the PostgreSQL
//                              server of DATABASE_URL or the machine's; card gifts and their
//                              settlement next to pgbench, billing runs of 10,000 and 100,000, page
//                              JS and Lighthouse scores next to a Next hello page, start-up and
//                              memory compiled vs tsx);
//                              writes the table into docs/performance.md
//   npm run bench -- --smoke   a second or so per figure, small runs: CI's check that it still runs
//
// It measures, it does not assert: figures move with the machine's load (conventions: performance
// lives in bench/, not in timed tests). The load generator shares the machine's cores with what it
// measures, as do the baselines, so the ratios hold better than the absolute figures.
import { cpus, totalmem } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import * as prettier from 'prettier';
import { startBareBaseline } from './bare-baseline.mjs';
import { measureBilling } from './billing.mjs';
import { measureConsoleExport } from './console-export.mjs';
import { measureMoney } from './money.mjs';
import { measureJsSize } from './js-size.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { load as loadWith, LOAD_GENERATOR } from './load-generator.mjs';
import { firstOf, root, startStack } from './stack.mjs';
import { measureStartup } from './startup.mjs';
import { measureSubmissions } from './submissions.mjs';

const smoke = process.argv.includes('--smoke');
const ports = { web: 3400, api: 4400, sandbox: 4410 };
const POSTGRES_PORTS = { web: 3420, api: 4420, sandbox: 4430 };
const CONNECTIONS = smoke ? 4 : 32;
const DURATION_S = smoke ? 1 : 10;
/**
 * The goals of docs/performance.md, each against the machine's limit: a bare server sending the same
 * bytes from a process of its own on the same cores (bench/bare-server.mjs).
 */
const GOALS = { page: { ratio: 0.5, p99Ms: 20 }, apiRead: { ratio: 0.25 } };
/** Where the bare servers listen. */
const BARE_PORTS = { page: 3490, api: 4490 };

/** What a browser says it takes: pages and files are measured as browsers get them. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/** Loads `url` for DURATION_S with CONNECTIONS as a browser asks; answers req/s, p99 latency and the failed answers. */
const load = (url) => loadWith(url, { connections: CONNECTIONS, durationS: DURATION_S, headers: BROWSER_HEADERS });

/** Whether a shared cache (a CDN) may store the answer: public caching and no cookie set. */
async function storable(url) {
  const answer = await fetch(url, { headers: BROWSER_HEADERS });
  await answer.arrayBuffer();
  const cacheControl = answer.headers.get('cache-control') ?? '';
  return !answer.headers.has('set-cookie') && !/private|no-store/.test(cacheControl) && /s-maxage|public/.test(cacheControl);
}

async function warm(url, times = 5) {
  for (let n = 0; n < times; n++) await (await fetch(url)).arrayBuffer();
}

const number = (value) => Math.round(value).toLocaleString('en-US');
const ratioOf = (value, baseline) => (baseline > 0 ? value / baseline : 0);

/**
 * Loads `url` next to a bare `kind` server (bench/bare-baseline.mjs) sending the same bytes: answers
 * a table row named `what` with `goal` and whether it is met (`meets` of the ratio and Kifu's figures).
 */
async function againstBare({ what, url, kind, port, goal, meets, note = '' }) {
  await warm(url);
  const bare = await startBareBaseline(kind, url, port, BROWSER_HEADERS);
  let limit;
  try {
    await warm(bare.url);
    limit = await load(bare.url);
  } finally {
    await bare.stop();
  }
  const result = await load(url);
  const baselineName =
    kind === 'node' ? `bare Node http, same ${number(bare.bytes)} bytes` : `bare Fastify route, same ${number(bare.bytes)} bytes`;
  return {
    what,
    kifu: result,
    baselineName,
    baseline: limit,
    goal,
    met: meets(ratioOf(result.rps, limit.rps), result) && result.failed === 0,
    note,
  };
}

/** Each public read on `api`, and its /health, next to a bare Fastify route sending the same JSON; `database` names where it reads. */
async function measureApiReads(api, reads, database) {
  for (const read of [...reads, { name: 'API /health', path: '/health' }]) {
    rows.push(
      await againstBare({
        what: `${read.name} on ${database}, req/s (p99)`,
        url: `${api}${read.path}`,
        kind: 'fastify',
        port: BARE_PORTS.api,
        goal: `≥ ${GOALS.apiRead.ratio}`,
        meets: (ratio) => ratio >= GOALS.apiRead.ratio,
      }),
    );
  }
}

const rows = [];
let apiReads = [];
const { web, api, stop } = await startStack(ports);
try {
  if (!api) throw new Error('set BENCH_API_URL with BENCH_WEB_URL: the API figures are measured on the API directly');
  const campaign = await firstOf(web, '/campaign/?page_size=1&status=published', (c) => c.id);
  const associate = await firstOf(web, '/associate/?page_size=1', (a) => a.uid);
  const portfolio = await firstOf(web, '/portfolio/?page_size=1', (p) => p.id);
  const pages = [
    ['top page', '/'],
    ['campaign page', `/campaign/${campaign}`],
    ['associate page', `/associate/${associate}`],
    ['portfolio page', `/portfolio/${portfolio}`],
  ].flatMap(([name, path]) => [
    { name: `${name} (ja)`, path },
    { name: `${name} (en)`, path: path === '/' ? '/en' : `/en${path}` },
  ]);
  const measuredPages = smoke ? pages.slice(0, 1) : pages;
  apiReads = [
    { name: `API /campaign/${campaign}/`, path: `/campaign/${campaign}/?lang=ja` },
    { name: `API /associate/${associate}/`, path: `/associate/${associate}/?lang=ja` },
    { name: 'API /campaign/ (list)', path: '/campaign/?lang=ja&page_size=12' },
  ].slice(0, smoke ? 1 : undefined);

  for (const page of measuredPages) {
    const url = `${web}${page.path}`;
    rows.push(
      await againstBare({
        what: `cached ${page.name}, req/s (p99)`,
        url,
        kind: 'node',
        port: BARE_PORTS.page,
        goal: `≥ ${GOALS.page.ratio}, p99 < ${GOALS.page.p99Ms} ms`,
        meets: (ratio, result) => ratio >= GOALS.page.ratio && result.p99 < GOALS.page.p99Ms,
        note: (await storable(url)) ? 'storable by a shared cache' : 'not storable by a shared cache',
      }),
    );
  }
  await measureApiReads(api, apiReads, 'PGlite');
  // What the browser downloads: the same pages' JS next to a Next.js hello page (ADR 043).
  rows.push(...(await measureJsSize({ web })));
  // Lighthouse's mobile performance score next to the hello page's (the full run: a minute or two).
  if (!smoke) rows.push(...(await measureLighthouse({ web })));
} finally {
  await stop();
}

// The same reads on the PostgreSQL server (DATABASE_URL's, or the machine's), in a database of
// this run's own, seeded with the same demo data by the API on its first start.
if (!smoke && !process.env.BENCH_WEB_URL) {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `kifu_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    const onPostgres = await startStack(POSTGRES_PORTS, { DATABASE_URL: url.toString() });
    try {
      await measureApiReads(onPostgres.api, apiReads, 'PostgreSQL');
    } finally {
      await onPostgres.stop();
    }
  } finally {
    // The stopped API may still hold its pool for a moment.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// Card gifts through the API on PostgreSQL next to pgbench, their settlement, and billing runs:
// each starts its own sandbox and API on a database of its own (bench/submissions.mjs, billing.mjs).
if (!process.env.BENCH_WEB_URL) {
  rows.push(...(await measureSubmissions({ smoke })));
  // BENCH_BILLING_SIZES=10000 (comma-separated) for a shorter full run than 10,000 and 100,000.
  const sizes = process.env.BENCH_BILLING_SIZES?.split(',').map(Number);
  rows.push(...(await measureBilling({ smoke, ...(sizes && !smoke ? { sizes } : {}) })));
  // 100,000 gifts exported as CSV by the job's code next to COPY (2,000 with --smoke; ADR 065).
  rows.push(...(await measureConsoleExport({ smoke })));
  // A payout run for 1,000 associates next to the bank alone, the tracker over 100,000 gifts next to one GROUP BY (ADR 075, ADR 071).
  rows.push(...(await measureMoney({ smoke })));
  // Start-up and memory of the bundles production runs next to tsx (ADR 044).
  rows.push(...(await measureStartup(smoke ? { repeat: 1, parts: ['postgres'] } : {})));
}

const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; ${CONNECTIONS} connections, ${DURATION_S} s per figure, loopback, ${LOAD_GENERATOR} on the same cores.`,
  '',
  '| what | Kifu | baseline (same run) | ratio | goal | met |',
  '|---|---|---|---|---|---|',
  ...rows.map((row) => {
    // Rows of a load (req/s) carry their figures; the others (sizes, start-up) carry text and a ratio.
    if (typeof row.kifu === 'string') {
      return `| ${row.what} | ${row.kifu} | ${row.baseline} | ${row.ratio.toFixed(2)} | ${row.goal} | ${row.met ? 'yes' : 'no'} |`;
    }
    const failed = row.kifu.failed > 0 ? `, **${row.kifu.failed} failed**` : '';
    const latency = (figures, extra = '') => (figures.p99 > 0 ? ` (p99 ${number(figures.p99)} ms${extra})` : extra);
    const kifu = `${number(row.kifu.rps)}${latency(row.kifu, failed)}${row.note ? `; ${row.note}` : ''}`;
    const baseline = `${row.baselineName}: ${number(row.baseline.rps)}${latency(row.baseline)}`;
    return `| ${row.what} | ${kifu} | ${baseline} | ${ratioOf(row.kifu.rps, row.baseline.rps).toFixed(2)} | ${row.goal} | ${row.met ? 'yes' : 'no'} |`;
  }),
].join('\n');
console.info(table);

// docs/performance.md holds the last full run between these markers.
if (!smoke) {
  const results = join(root, 'docs', 'performance.md');
  const text = readFileSync(results, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) {
    // Laid out by Prettier, so the table's columns line up for a reader of the file.
    const updated = `${text.slice(0, from + start.length)}\n${table}\n${text.slice(to)}`;
    writeFileSync(results, await prettier.format(updated, { ...(await prettier.resolveConfig(results)), filepath: results }));
    console.info('\n(docs/performance.md updated)');
  }
}
