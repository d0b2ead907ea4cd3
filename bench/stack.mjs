// The whole stack for a benchmark, as `npm start` runs it (scripts/start.mjs) on ports of its own
// and a fresh embedded database, or a running site named by BENCH_WEB_URL. Shared by the
// benchmarks in this folder.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
      LOG_LEVEL: 'warn',
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
