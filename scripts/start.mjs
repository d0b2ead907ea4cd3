#!/usr/bin/env node
// `npm start`: one command runs the whole platform (architecture.md §5). Builds the web app if its
// build is missing or older than its sources, then starts the provider sandbox, the API (which
// migrates and seeds demo data into an empty database) and the web app, waits until each answers,
// and prints their URLs. Stops everything when any part stops or on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = (name, fallback) => {
  const raw = process.env[name] ?? String(fallback);
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a port number, got "${raw}"`);
  return Number(raw);
};
const ports = { web: port('WEB_PORT', 3000), api: port('API_PORT', 4000), sandbox: port('SANDBOX_PORT', 4010) };
const host = '127.0.0.1';
const urls = {
  web: `http://localhost:${ports.web}`,
  api: `http://${host}:${ports.api}`,
  sandbox: `http://${host}:${ports.sandbox}`,
};

const env = {
  ...process.env,
  API_PORT: String(ports.api),
  SANDBOX_PORT: String(ports.sandbox),
  API_INTERNAL_URL: process.env.API_INTERNAL_URL ?? urls.api,
  SANDBOX_URL: process.env.SANDBOX_URL ?? urls.sandbox,
  KIFU_API_URL: process.env.KIFU_API_URL ?? urls.api,
  POSTAL_LOOKUP_URL: process.env.POSTAL_LOOKUP_URL ?? `${urls.sandbox}/postal/api/search`,
  WEB_ORIGIN: process.env.WEB_ORIGIN ?? urls.web,
  // The API tells the web app which cached public pages to refresh (ADR 020); a secret per start.
  WEB_REVALIDATE_URL: process.env.WEB_REVALIDATE_URL ?? `${urls.web}/api/revalidate`,
  REVALIDATE_SECRET: process.env.REVALIDATE_SECRET ?? randomBytes(24).toString('base64url'),
  // The web server vouches for the X-Forwarded-For it sets with this secret (apps/api/src/plugins/client-address.ts).
  PROXY_SECRET: process.env.PROXY_SECRET ?? randomBytes(24).toString('base64url'),
};

const webDir = join(root, 'apps/web');
const nextBin = join(root, 'node_modules/next/dist/bin/next');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === '.next' || entry === 'e2e') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function webBuildIsStale() {
  const buildId = join(webDir, '.next/BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const sources = [join(webDir, 'src'), join(webDir, 'messages'), join(webDir, 'public'), join(webDir, 'next.config.ts'), join(root, 'packages/domain/src')];
  return sources.some((source) => newestMtime(source) > built);
}

if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.info('Building the web app (first run or sources changed)…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: webDir, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [];
let stopping = false;

function start(name, args, cwd, extraEnv = {}) {
  const child = spawn(process.execPath, args, { cwd, env: { ...env, ...extraEnv }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
    stopAll(code || 1);
  });
  children.push(child);
  return child;
}

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  let alive = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (alive.length === 0) process.exit(exitCode);
  for (const child of alive) {
    child.once('exit', () => {
      alive = alive.filter((other) => other !== child);
      if (alive.length === 0) process.exit(exitCode);
    });
    child.kill('SIGTERM');
  }
  setTimeout(() => process.exit(exitCode), 10_000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

async function waitFor(name, url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  console.error(`${name} did not answer at ${url} within ${timeoutMs / 1000} s`);
  stopAll(1);
}

const tsx = ['--import', 'tsx'];
start('sandbox', [...tsx, 'src/server.ts'], join(root, 'apps/sandbox'));
start('api', [...tsx, 'src/server.ts'], join(root, 'apps/api'));
await Promise.all([waitFor('sandbox', `${urls.sandbox}/health`), waitFor('api', `${urls.api}/health`)]);
// Our own server around Next's handler: it sets X-Forwarded-For from the connection (see the file).
start('web', [...tsx, 'src/server/serve.ts'], webDir, { PORT: String(ports.web) });
await waitFor('web', urls.web);

if (!stopping) {
  console.info(`
Kifu is running:
  web      ${urls.web}   (English: ${urls.web}/en)
  api      ${urls.api}   (OpenAPI: ${urls.api}/docs)
  sandbox  ${urls.sandbox}
Press Ctrl-C to stop.`);
}
