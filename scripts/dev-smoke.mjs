#!/usr/bin/env node
// CI's check that `npm run dev` works on a fresh clone: starts it on free ports with an empty
// database, waits until the web page, the API's /health and the sandbox's /health answer 200, then
// stops it as a terminal's Ctrl-C would (a signal to its process group) and checks that every
// process it started is gone. Prints its output only when something fails.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './local-stack.mjs';

const startTimeoutMs = 240_000; // the first page compiles on the first visit; CI's machine is busy
const stopTimeoutMs = 20_000;

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Every process below `pid`, read from /proc (Linux, as CI). */
function descendants(pid) {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (command) state ppid …": the command may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const below = (parent) => [...parentOf].filter(([, ppid]) => ppid === parent).flatMap(([child]) => [child, ...below(child)]);
  return below(pid);
}

const commandOf = (pid) => {
  try {
    return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()}`;
  } catch {
    return String(pid);
  }
};

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const ports = {
  WEB_PORT: await freePort(),
  API_PORT: await freePort(),
  SANDBOX_PORT: await freePort(),
  SANDBOX_SMTP_PORT: await freePort(),
};
const dataDir = mkdtempSync(join(tmpdir(), 'kifu-dev-smoke-'));
let output = '';
const dev = spawn('npm', ['run', 'dev'], {
  cwd: root,
  env: { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])), DATA_DIR: dataDir },
  detached: true, // its own process group, like a terminal's
  stdio: ['ignore', 'pipe', 'pipe'],
});
dev.stdout.on('data', (chunk) => (output += chunk));
dev.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((done) => dev.once('exit', done));

function fail(reason) {
  console.error(`${output}\n!!! npm run dev: ${reason}`);
  for (const pid of [dev.pid, ...descendants(dev.pid)]) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

async function answers(url) {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (dev.exitCode !== null) fail(`stopped before ${url} answered`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  fail(`${url} did not answer 200 within ${startTimeoutMs / 1000} s`);
}

const started = Date.now();
await Promise.all([
  answers(`http://127.0.0.1:${ports.SANDBOX_PORT}/health`),
  answers(`http://127.0.0.1:${ports.API_PORT}/health`),
  answers(`http://localhost:${ports.WEB_PORT}/`),
]);
const answered = Date.now();
const processes = descendants(dev.pid);
process.kill(-dev.pid, 'SIGINT');
const stopped = await Promise.race([exited.then(() => true), new Promise((done) => setTimeout(() => done(false), stopTimeoutMs).unref())]);
if (!stopped) fail(`did not stop within ${stopTimeoutMs / 1000} s of Ctrl-C`);
const stoppedAt = Date.now();
// Next's own workers wind down a moment after the server.
let left = processes.filter(alive);
for (const deadline = Date.now() + stopTimeoutMs; left.length > 0 && Date.now() < deadline; left = left.filter(alive)) {
  await new Promise((done) => setTimeout(done, 250));
}
if (left.length > 0) fail(`processes left ${stopTimeoutMs / 1000} s after it stopped: ${left.map(commandOf).join('; ')}`);
rmSync(dataDir, { recursive: true, force: true });
const seconds = (from, to) => Math.round((to - from) / 1000);
console.info(
  `npm run dev: web, api and sandbox answered in ${seconds(started, answered)} s; stopped in ${seconds(answered, stoppedAt)} s, all ${processes.length} processes gone.`,
);
