// What `npm start` (start.mjs) and `npm run dev` (dev.mjs) share: the ports and URLs, the
// environment every part gets, and running the three parts as child processes — sandbox and API
// first, the web app once they answer — until one of them stops or Ctrl-C stops them all.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const dirs = { sandbox: join(root, 'apps/sandbox'), api: join(root, 'apps/api'), web: join(root, 'apps/web') };
export const nextBin = join(root, 'node_modules/next/dist/bin/next');

/**
 * What `npm start` and `npm run dev` read themselves, and what they give the three parts when it is
 * unset (every other variable is passed on as it is). docs/operations.md is generated from this
 * list and the apps' schemas (`npm run docs:env`, ADR 051): a variable added below belongs here too.
 * @type {Record<string, import('@kifu/domain/env').EnvVariableDoc>}
 */
export const stackVariables = {
  WEB_PORT: { description: "The web server's port (given to it as `PORT`).", default: '`3000`' },
  API_PORT: { description: "The API's port.", default: '`4000`' },
  SANDBOX_PORT: { description: "The provider sandbox's port.", default: '`4010`' },
  SANDBOX_SMTP_PORT: { description: "The port of the sandbox's mailbox (SMTP).", default: '`4025`' },
  SKIP_WEB_BUILD: { description: '`1`: `npm start` does not build the web app even when its sources are newer than the build.' },
  SMTP_URL: { description: "Given to the API; unset, the sandbox's mailbox.", default: '`smtp://127.0.0.1:SANDBOX_SMTP_PORT`' },
  API_INTERNAL_URL: { description: 'Given to the web.', default: '`http://127.0.0.1:API_PORT`' },
  SANDBOX_URL: { description: 'Given to the API and the web.', default: '`http://127.0.0.1:SANDBOX_PORT`' },
  KIFU_API_URL: { description: 'Given to the sandbox, which sends webhooks there.', default: '`http://127.0.0.1:API_PORT`' },
  POSTAL_LOOKUP_URL: { description: 'Given to the web.', default: '`http://127.0.0.1:SANDBOX_PORT/postal/api/search`' },
  WEB_ORIGIN: { description: 'Given to the API and the web.', default: '`http://localhost:WEB_PORT`' },
  SOCIAL_LOGIN_REDIRECT_URIS: { description: 'Given to the sandbox.', default: '`WEB_ORIGIN/api/oauth/social/callback`' },
  WEB_REVALIDATE_URL: { description: 'Given to the API.', default: '`http://localhost:WEB_PORT/api/revalidate`' },
  REVALIDATE_SECRET: { description: 'Given to the API and the web.', default: 'a random secret per start' },
  PROXY_SECRET: { description: 'Given to the API and the web.', default: 'a random secret per start' },
  SEND_DEMO_PAYMENTS_TO_SANDBOX: {
    description: "Given to the API: the sandbox learns the demo's paid gifts, so the console refunds them (ADR 072).",
    default: '`true`',
  },
  STAFF_PAYOUT_RUN_AS_OF: {
    description: "Given to the API: Kifu's staff may run payouts as of a later day, to walk the demo's months (ADR 079).",
    default: '`true`',
  },
};

const port = (name, fallback) => {
  const raw = process.env[name] ?? String(fallback);
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a port number, got "${raw}"`);
  return Number(raw);
};
export const ports = {
  web: port('WEB_PORT', 3000),
  api: port('API_PORT', 4000),
  sandbox: port('SANDBOX_PORT', 4010),
  // The sandbox's development mailbox (SMTP); its web page is {sandbox}/mailbox/.
  smtp: port('SANDBOX_SMTP_PORT', 4025),
};
const host = '127.0.0.1';
const urls = {
  web: `http://localhost:${ports.web}`,
  api: `http://${host}:${ports.api}`,
  sandbox: `http://${host}:${ports.sandbox}`,
};

export const env = {
  ...process.env,
  API_PORT: String(ports.api),
  SANDBOX_PORT: String(ports.sandbox),
  SANDBOX_SMTP_PORT: String(ports.smtp),
  // Mail goes to the sandbox's mailbox unless SMTP_URL names another server.
  SMTP_URL: process.env.SMTP_URL ?? `smtp://${host}:${ports.smtp}`,
  API_INTERNAL_URL: process.env.API_INTERNAL_URL ?? urls.api,
  SANDBOX_URL: process.env.SANDBOX_URL ?? urls.sandbox,
  KIFU_API_URL: process.env.KIFU_API_URL ?? urls.api,
  POSTAL_LOOKUP_URL: process.env.POSTAL_LOOKUP_URL ?? `${urls.sandbox}/postal/api/search`,
  WEB_ORIGIN: process.env.WEB_ORIGIN ?? urls.web,
  // The sandbox's social login provider sends the browser back to the web app's callback.
  SOCIAL_LOGIN_REDIRECT_URIS: process.env.SOCIAL_LOGIN_REDIRECT_URIS ?? `${process.env.WEB_ORIGIN ?? urls.web}/api/oauth/social/callback`,
  // The API tells the web app which cached public pages to refresh (ADR 020); a secret per start.
  WEB_REVALIDATE_URL: process.env.WEB_REVALIDATE_URL ?? `${urls.web}/api/revalidate`,
  REVALIDATE_SECRET: process.env.REVALIDATE_SECRET ?? randomBytes(24).toString('base64url'),
  // Errors of the API, the worker, the web server and the browser go to the sandbox's ingest, listed
  // on its index page (ADR 050); SENTRY_DSN names another, and SENTRY_DSN= (empty) turns reporting off.
  SENTRY_DSN: process.env.SENTRY_DSN ?? `http://sandbox@${host}:${ports.sandbox}/error-tracking/1`,
  // The web server vouches for the X-Forwarded-For it sets with this secret (apps/api/src/plugins/client-address.ts).
  PROXY_SECRET: process.env.PROXY_SECRET ?? randomBytes(24).toString('base64url'),
  // The demo's seeded gifts were paid before this sandbox started; the API tells it of them (ADR 072).
  SEND_DEMO_PAYMENTS_TO_SANDBOX: process.env.SEND_DEMO_PAYMENTS_TO_SANDBOX ?? 'true',
  // Staff walk the demo's months to a payout without waiting for the calendar (ADR 079).
  STAFF_PAYOUT_RUN_AS_OF: process.env.STAFF_PAYOUT_RUN_AS_OF ?? 'true',
};

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
  const buildId = join(dirs.web, '.next/BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const sources = [
    join(dirs.web, 'src'),
    join(dirs.web, 'messages'),
    join(dirs.web, 'public'),
    join(dirs.web, 'next.config.ts'),
    join(root, 'packages/domain/src'),
  ];
  return sources.some((source) => newestMtime(source) > built);
}

/** Builds the web app if its build is missing or older than its sources; exits the process if the build fails. */
export function buildWebIfStale() {
  if (!webBuildIsStale()) return;
  console.info('Building the web app (first run or sources changed)…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: dirs.web, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [];
let stopping = false;

function start(name, args, cwd, { extraEnv = {}, ownGroup = false } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: ownGroup,
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
    stopAll(code || 1);
  });
  children.push(child);
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

/**
 * Starts the sandbox and the API with `service` (node arguments that run apps/<part>/src/server.ts;
 * `api`, when given, for the API instead), then the web app with `web` (node arguments; it gets PORT
 * too), and prints the URLs once all answer.
 * `ownGroups`: each part in its own process group, so that a Ctrl-C (sent to the terminal's whole
 * group) reaches the parts only once, through stopAll.
 */
export async function runStack({ service, api = service, web, ownGroups = false }) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
  start('sandbox', service, dirs.sandbox, { ownGroup: ownGroups });
  start('api', api, dirs.api, { ownGroup: ownGroups });
  await Promise.all([waitFor('sandbox', `${urls.sandbox}/health`), waitFor('api', `${urls.api}/health`)]);
  if (stopping) return;
  start('web', web, dirs.web, { extraEnv: { PORT: String(ports.web) }, ownGroup: ownGroups });
  await waitFor('web', urls.web);
  if (stopping) return;
  console.info(`
Kifu is running:
  web      ${urls.web}   (English: ${urls.web}/en)
  api      ${urls.api}   (OpenAPI: ${urls.api}/docs)
  sandbox  ${urls.sandbox}
  mailbox  ${process.env.SMTP_URL ? `mail goes to ${new URL(process.env.SMTP_URL).host} (SMTP_URL)` : `${urls.sandbox}/mailbox/   (SMTP on ${host}:${ports.smtp})`}
Press Ctrl-C to stop.`);
}
