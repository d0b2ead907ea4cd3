// The whole stack for a benchmark, as `npm start` runs it (scripts/start.mjs) on ports of its own
// and a fresh embedded database, or a running site named by BENCH_WEB_URL. Shared by the
// benchmarks in this folder.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bundleIfStale } from '../scripts/bundle-services.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts the stack on `ports` ({ web, api, sandbox }) unless BENCH_WEB_URL points at a running
 * one; answers its web and API URLs and a stop function. `env` adds to the stack's environment.
 */
export async function startStack(ports, env = {}) {
  if (process.env.BENCH_WEB_URL) {
    const web = process.env.BENCH_WEB_URL.replace(/\/+$/, '');
    return { web, api: process.env.BENCH_API_URL?.replace(/\/+$/, '') ?? null, stop: async () => {} };
  }
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      WEB_PORT: String(ports.web),
      API_PORT: String(ports.api),
      SANDBOX_PORT: String(ports.sandbox),
      SANDBOX_SMTP_PORT: String(ports.sandbox + 15),
      SMTP_URL: `smtp://127.0.0.1:${ports.sandbox + 15}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kifu-bench-')),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const web = `http://localhost:${ports.web}`;
  await waitFor(`${web}/`, 300_000);
  return {
    web,
    api: `http://127.0.0.1:${ports.api}`,
    stop: async () => {
      process.kill(-child.pid, 'SIGTERM');
    },
  };
}

/** The first item of a public API list, through the web's /backend proxy, picked by `pick`. */
export async function firstOf(web, path, pick) {
  const body = await (await fetch(`${web}/backend${path}`)).json();
  if (!body.results?.[0]) throw new Error(`the demo data has no ${path} item`);
  return pick(body.results[0]);
}

/**
 * Starts only the provider sandbox and the API (no web app, so no Next.js build) on `ports`
 * ({ api, sandbox }), as `npm start` runs them (the API's compiled bundle, ADR 044; the sandbox
 * from its sources), for the benchmarks that drive the API
 * directly. Answers their URLs, their process ids (to read their CPU time), the PROXY_SECRET the
 * API believes (so a benchmark can act as the web proxy and give each simulated supporter an
 * address of their own, as browsers behind the real proxy have), and a stop function.
 */
export async function startServices(ports, env = {}) {
  const api = `http://127.0.0.1:${ports.api}`;
  const sandbox = `http://127.0.0.1:${ports.sandbox}`;
  // Another process answering there would be measured instead of ours.
  for (const url of [api, sandbox]) {
    const taken = await fetch(url).then(
      () => true,
      () => false,
    );
    if (taken) throw new Error(`${url} is already taken: choose other ports`);
  }
  const proxySecret = randomBytes(24).toString('base64url');
  const common = {
    ...process.env,
    API_PORT: String(ports.api),
    SANDBOX_PORT: String(ports.sandbox),
    SANDBOX_SMTP_PORT: String(ports.sandbox + 15),
    SMTP_URL: `smtp://127.0.0.1:${ports.sandbox + 15}`,
    SANDBOX_URL: sandbox,
    KIFU_API_URL: api,
    PROXY_SECRET: proxySecret,
    // As npm start runs them (scripts/local-stack.mjs): errors and sampled traces go to the sandbox's
    // ingest, and logs are at the production level; both cost CPU on every request (ADR 080).
    SENTRY_DSN: process.env.SENTRY_DSN ?? `http://sandbox@127.0.0.1:${ports.sandbox}/error-tracking/1`,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kifu-bench-')),
    DATABASE_URL: '',
    ...env,
  };
  await bundleIfStale('api');
  // Each part in a process group of its own: both run the server in the node process itself, so
  // the pid is the server's (for /proc/<pid>/stat) and the group is all there is to stop.
  const part = (name, args) =>
    spawn(process.execPath, args, {
      cwd: join(root, 'apps', name),
      env: common,
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
  const children = {
    sandbox: part('sandbox', ['--import', 'tsx', 'src/server.ts']),
    api: part('api', ['--enable-source-maps', 'dist/server.js']),
  };
  const stop = async () => {
    for (const child of Object.values(children)) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', () => resolve(true)));
      process.kill(-child.pid, 'SIGTERM');
      // A server still holding keep-alive connections or its pool may not exit on its own.
      if (!(await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000, false))]))) process.kill(-child.pid, 'SIGKILL');
    }
  };
  try {
    await Promise.all([waitFor(`${sandbox}/health`, 120_000), waitFor(`${api}/health`, 300_000)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { api, sandbox, proxySecret, pids: { api: children.api.pid, sandbox: children.sandbox.pid }, stop };
}

/**
 * A database of its own on the PostgreSQL server of DATABASE_URL (or the machine's), named
 * `<prefix>_<pid>`: answers its URL, an admin client on the server, and `drop`, which waits a
 * moment for stopped processes to let go of their pools and drops it with force.
 */
export async function scratchDatabase(prefix) {
  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    drop: async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc; null where there is no /proc. */
export function cpuSeconds(pid) {
  try {
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th of them.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** The p-th percentile (0–100) of `values` in milliseconds; 0 for none. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * The PostgreSQL server's own throughput as the baseline of a database-bound figure: pgbench's
 * default TPC-B-like script on a scratch database of scale `clients` (fewer branches than clients
 * would make it measure lock waits on the branch rows), `clients` connections for `durationS`.
 * Answers { rps: tps, p99 (ms, from pgbench's per-transaction log), failed }.
 */
export async function pgbenchBaseline({ clients, durationS }) {
  const database = await scratchDatabase('kifu_pgbench');
  const logDir = mkdtempSync(join(tmpdir(), 'kifu-pgbench-'));
  try {
    const url = new URL(database.url);
    const connection = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
    const run = (args) => {
      const result = spawnSync('pgbench', [...connection, ...args, database.name], {
        encoding: 'utf8',
        env: { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) },
      });
      if (result.status !== 0) throw new Error(`pgbench ${args.join(' ')} failed: ${result.stderr || result.error}`);
      return result.stdout;
    };
    run(['-i', '-q', '-s', String(clients)]);
    const threads = Math.min(clients, cpus().length);
    const output = run(['-c', String(clients), '-j', String(threads), '-T', String(durationS), '-l', '--log-prefix', join(logDir, 'tx')]);
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    // Each log line: client, transaction number, latency in µs, script, epoch s, µs.
    const latencies = [];
    for (const file of readdirSync(logDir)) {
      for (const line of readFileSync(join(logDir, file), 'utf8').split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (Number.isFinite(micros) && line !== '') latencies.push(micros / 1000);
      }
    }
    return { rps: tps, p99: percentile(latencies, 99), failed };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
    await database.drop();
  }
}
