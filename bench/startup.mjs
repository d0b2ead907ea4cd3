// Start-up time and memory of the API (and the job worker) run from TypeScript through tsx against
// the esbuild bundle of `npm run build -w @kifu/api` (ADR 044). Each start is a node
// process of its own, timed from spawn to the first 200 from /health; memory is the process's
// resident set (VmRSS in /proc/<pid>/status) two seconds after start, and again after 2,000 public
// reads. On the embedded PGlite (a fresh DATA_DIR: the first start migrates and seeds; then starts
// on the seeded folder) and on the PostgreSQL server (DATABASE_URL's or the machine's, in scratch
// databases of this run's own, dropped at the end).
//
//   node bench/startup.mjs [--repeat N] [--only pglite,postgres,web]
//                              prints the rows; `measureStartup()` answers them
//
// Later starts are repeated (alternating tsx and compiled) and the median is kept: the machine's
// other work moves single figures a lot. CPU time (user + system, /proc/<pid>/stat) up to the first
// 200 is shown beside the wall clock, as it moves less with the machine's load. tsx keeps its
// transpiled files in a cache under TMPDIR: each run gives it a fresh one, so its first start is a
// cold cache (a new container) and its later starts a warm one (its best case).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { bundle } from '../scripts/bundle-services.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiDir = join(root, 'apps/api');
const webDir = join(root, 'apps/web');
const API_PORT = 4480;
const WEB_PORT = 4485;
/** A file the web server answers without the API: it is up once this is 200. */
const WEB_READY_PATH = '/assets/brand/kifu-mark.svg';
/** Nothing listens here: the providers are out of the picture (and the jobs are off, see below). */
const DEAD_SANDBOX = 'http://127.0.0.1:4499';
const READS = 2_000;
const READ_PATH = '/campaign/?lang=ja';
const IDLE_MS = 2_000;
const CLOCK_TICKS_PER_S = 100;

const MODES = {
  tsx: {
    api: ['--import', 'tsx', 'src/server.ts'],
    worker: ['--import', 'tsx', 'src/worker.ts'],
    web: ['--import', 'tsx', 'src/server/serve.ts'],
  },
  compiled: {
    api: ['--enable-source-maps', 'dist/server.js'],
    worker: ['--enable-source-maps', 'dist/worker.js'],
    web: ['--enable-source-maps', 'dist/serve.js'],
  },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const ms = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;
const mib = (kib) => `${Math.round(kib / 1024)} MiB`;

/** VmRSS and VmHWM (peak) in KiB, and CPU time (user + system) in ms, of a live process. */
function processFigures(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  return { rss: kib('VmRSS'), peak: kib('VmHWM'), cpuMs };
}

/**
 * Starts `args` in `cwd` (apps/api) and waits until it is ready: `readyUrl` (the API's /health)
 * answers 200, or (`readyLine`) its output shows that line. Answers the child, the wall and CPU
 * time to ready, and a stop function.
 */
async function startProcess(args, env, { cwd = apiDir, readyUrl = `http://127.0.0.1:${API_PORT}/health`, readyLine } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let seenLine = false;
  const collect = (chunk) => {
    output = (output + chunk).slice(-4_000);
    if (readyLine && output.includes(readyLine)) seenLine = true;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));

  const stop = async () => {
    if (exitedEarly) return;
    child.kill('SIGTERM');
    // PGlite flushes its files on close: wait for it, as the next start reads the same folder.
    const killed = await Promise.race([exited.then(() => false), sleep(20_000).then(() => true)]);
    if (killed) child.kill('SIGKILL');
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exitedEarly) throw new Error(`node ${args.join(' ')} stopped before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`node ${args.join(' ')} was not ready within 180 s:\n${output}`);
    }
    if (readyLine) {
      if (seenLine) break;
    } else {
      try {
        const answer = await fetch(readyUrl);
        await answer.arrayBuffer();
        if (answer.status === 200) break;
      } catch {
        // not listening yet
      }
    }
    await sleep(20);
  }
  const wallMs = performance.now() - started;
  const { cpuMs } = processFigures(child.pid);
  return { child, wallMs, cpuMs, stop };
}

function loadReads() {
  return new Promise((resolve, reject) => {
    autocannon({ url: `http://127.0.0.1:${API_PORT}${READ_PATH}`, connections: 8, amount: READS }, (error, result) => {
      if (error) return reject(error);
      const failed = result.non2xx + result.errors + result.timeouts;
      if (failed > 0) return reject(new Error(`${failed} of ${READS} reads of ${READ_PATH} failed`));
      resolve();
    });
  });
}

function environment(database, tsxCache) {
  return {
    ...process.env,
    API_PORT: String(API_PORT),
    API_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    KIFU_ENV: 'development',
    SANDBOX_URL: DEAD_SANDBOX,
    REDIS_URL: '',
    // The HTTP server alone, as the API runs beside `npm run worker` processes at scale.
    JOBS_IN_PROCESS: 'false',
    DATABASE_URL: database.url ?? '',
    DATA_DIR: database.dataDir ?? '',
    // tsx's transpile cache (os.tmpdir()), one per run: see the header.
    TMPDIR: tsxCache,
  };
}

/**
 * Both modes on one database kind. `databases[mode]` is { url } or { dataDir }, empty: the first
 * start migrates and seeds it. Answers per mode: first, again (medians), idle and loaded RSS.
 */
async function measureBackend(databases, repeat, tsxCache) {
  const figures = {};
  for (const mode of Object.keys(MODES)) {
    const first = await startProcess(MODES[mode].api, environment(databases[mode], tsxCache));
    const peak = processFigures(first.child.pid).peak;
    await first.stop();
    figures[mode] = { first: { wallMs: first.wallMs, cpuMs: first.cpuMs, peak }, again: [] };
  }
  for (let round = 0; round < repeat; round++) {
    // Alternate which mode goes first, so a burst of the machine's other work hits both alike.
    const order = round % 2 === 0 ? ['tsx', 'compiled'] : ['compiled', 'tsx'];
    for (const mode of order) {
      const run = await startProcess(MODES[mode].api, environment(databases[mode], tsxCache));
      try {
        figures[mode].again.push({ wallMs: run.wallMs, cpuMs: run.cpuMs });
        if (round === 0) {
          await sleep(IDLE_MS);
          figures[mode].idle = processFigures(run.child.pid).rss;
          await loadReads();
          await sleep(IDLE_MS);
          figures[mode].loaded = processFigures(run.child.pid).rss;
        }
      } finally {
        await run.stop();
      }
    }
  }
  for (const mode of Object.keys(MODES)) {
    const again = figures[mode].again;
    figures[mode].againWallMs = median(again.map((run) => run.wallMs));
    figures[mode].againCpuMs = median(again.map((run) => run.cpuMs));
  }
  return figures;
}

/** The worker (PostgreSQL only): time to its "running" line and its idle RSS, once per mode. */
async function measureWorker(databases, tsxCache) {
  const figures = {};
  for (const mode of Object.keys(MODES)) {
    const run = await startProcess(MODES[mode].worker, environment(databases[mode], tsxCache), { readyLine: 'Job worker running' });
    try {
      await sleep(IDLE_MS);
      figures[mode] = { wallMs: run.wallMs, cpuMs: run.cpuMs, idle: processFigures(run.child.pid).rss };
    } finally {
      await run.stop();
    }
  }
  return figures;
}

/**
 * The web's own server around Next's handler (src/server/serve.ts), on the current `next build`:
 * time to its first 200 (a static file: no API behind it) and idle RSS, median of `repeat` starts.
 */
async function measureWeb(repeat, tsxCache) {
  const env = { ...process.env, PORT: String(WEB_PORT), API_INTERNAL_URL: `http://127.0.0.1:${API_PORT}`, TMPDIR: tsxCache };
  const figures = { tsx: [], compiled: [] };
  for (let round = 0; round < repeat; round++) {
    for (const mode of round % 2 === 0 ? ['tsx', 'compiled'] : ['compiled', 'tsx']) {
      const run = await startProcess(MODES[mode].web, env, { cwd: webDir, readyUrl: `http://127.0.0.1:${WEB_PORT}${WEB_READY_PATH}` });
      try {
        await sleep(IDLE_MS);
        figures[mode].push({ wallMs: run.wallMs, cpuMs: run.cpuMs, idle: processFigures(run.child.pid).rss });
      } finally {
        await run.stop();
      }
    }
  }
  const of = (mode, key) => median(figures[mode].map((run) => run[key]));
  return Object.fromEntries(
    ['tsx', 'compiled'].map((mode) => [mode, { wallMs: of(mode, 'wallMs'), cpuMs: of(mode, 'cpuMs'), idle: of(mode, 'idle') }]),
  );
}

const LOWER_IS_BETTER = '≤ 1 (compiled no worse)';

function row(what, tsx, compiled, text) {
  const ratio = tsx > 0 ? compiled / tsx : 0;
  return {
    what,
    kifu: `compiled: ${text(compiled, 'compiled')}`,
    baseline: `tsx: ${text(tsx, 'tsx')}`,
    ratio,
    goal: LOWER_IS_BETTER,
    met: ratio <= 1,
  };
}

function backendRows(name, figures, repeat) {
  const { tsx, compiled } = figures;
  const withCpu = (key) => (value, mode) => `${ms(value)} (CPU ${ms(figures[mode][key])})`;
  return [
    row(`API start-up on ${name}, first start (migrates, seeds; peak RSS)`, tsx.first.wallMs, compiled.first.wallMs, (value, mode) => {
      const first = figures[mode].first;
      return `${ms(value)} (CPU ${ms(first.cpuMs)}; peak ${mib(first.peak)})`;
    }),
    row(`API start-up on ${name}, already migrated (median of ${repeat})`, tsx.againWallMs, compiled.againWallMs, withCpu('againCpuMs')),
    row(`API CPU time to start on ${name}, already migrated`, tsx.againCpuMs, compiled.againCpuMs, ms),
    row(`API RSS on ${name}, idle after start`, tsx.idle, compiled.idle, mib),
    row(`API RSS on ${name}, after ${READS.toLocaleString('en-US')} GET ${READ_PATH}`, tsx.loaded, compiled.loaded, mib),
  ];
}

/** The API and the worker on the PostgreSQL server, in two scratch databases of their own. */
async function measurePostgres(repeat, tsxCache) {
  const rows = [];
  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
  } catch (error) {
    console.info(`(no PostgreSQL at ${server}: ${error.message}; PostgreSQL rows left out)`);
    return [];
  }
  const names = { tsx: `kifu_startup_tsx_${process.pid}`, compiled: `kifu_startup_compiled_${process.pid}` };
  const databases = {};
  for (const [mode, name] of Object.entries(names)) {
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    databases[mode] = { url: url.toString() };
  }
  try {
    rows.push(...backendRows('PostgreSQL', await measureBackend(databases, repeat, tsxCache), repeat));
    const worker = await measureWorker(databases, tsxCache);
    rows.push(
      row(
        'worker start-up on PostgreSQL (to "Job worker running")',
        worker.tsx.wallMs,
        worker.compiled.wallMs,
        (value, mode) => `${ms(value)} (CPU ${ms(worker[mode].cpuMs)})`,
      ),
      row('worker RSS on PostgreSQL, idle after start', worker.tsx.idle, worker.compiled.idle, mib),
    );
  } finally {
    for (const name of Object.values(names)) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return rows;
}

/**
 * Measures; answers rows `{ what, kifu, baseline, ratio, goal, met }` (kifu: compiled; baseline:
 * tsx). `parts`: which of 'pglite', 'postgres' (API and worker) and 'web' to measure.
 */
export async function measureStartup({ repeat = 3, parts = ['pglite', 'postgres', 'web'] } = {}) {
  const rows = [];
  // From the current sources, always: what is measured is what the code is now.
  if (parts.includes('pglite') || parts.includes('postgres')) console.info(`(apps/api bundle built in ${ms(await bundle('api'))})`);
  const scratch = mkdtempSync(join(tmpdir(), 'kifu-startup-'));
  const tsxCache = join(scratch, 'tmp');
  mkdirSync(tsxCache);
  try {
    if (parts.includes('pglite')) {
      const pglite = await measureBackend(
        { tsx: { dataDir: join(scratch, 'tsx') }, compiled: { dataDir: join(scratch, 'compiled') } },
        repeat,
        tsxCache,
      );
      rows.push(...backendRows('PGlite', pglite, repeat));
    }

    if (parts.includes('postgres')) rows.push(...(await measurePostgres(repeat, tsxCache)));

    // Needs a `next build` (npm start makes one); another one running meanwhile may stop it.
    if (!parts.includes('web')) {
      // not asked for
    } else if (existsSync(join(webDir, '.next/BUILD_ID'))) {
      try {
        await bundle('web');
        const web = await measureWeb(repeat, tsxCache);
        rows.push(
          row(
            `web server start-up (median of ${repeat})`,
            web.tsx.wallMs,
            web.compiled.wallMs,
            (value, mode) => `${ms(value)} (CPU ${ms(web[mode].cpuMs)})`,
          ),
          row('web server RSS, idle after start', web.tsx.idle, web.compiled.idle, mib),
        );
      } catch (error) {
        console.info(`(web server rows left out: ${error.message.split('\n')[0]})`);
      }
    } else {
      console.info('(no apps/web/.next build: web server rows left out)');
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--repeat');
  const repeat = at > 0 ? Number(process.argv[at + 1]) : 3;
  const only = process.argv.indexOf('--only');
  const parts = only > 0 ? process.argv[only + 1].split(',') : undefined;
  const started = Date.now();
  const rows = await measureStartup({ repeat, parts });
  console.info('| what | compiled (Kifu) | tsx (baseline) | ratio | goal | met |');
  console.info('|---|---|---|---|---|---|');
  for (const r of rows)
    console.info(`| ${r.what} | ${r.kifu} | ${r.baseline} | ${r.ratio.toFixed(2)} | ${r.goal} | ${r.met ? 'yes' : 'no'} |`);
  console.info(`\n(${Math.round((Date.now() - started) / 1000)} s)`);
}
