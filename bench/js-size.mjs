// Page weight (ADR 043): the JavaScript each page's HTML loads, gzip-compressed, next to the same
// for a Next.js "hello" page — app/layout.tsx and app/page.tsx rendering a heading — built with the
// same `next`, React and node_modules. The framework's own runtime is what every page pays; the
// ratio says what Kifu adds on top of it. Goal: ≤ 1.3 × hello.
//
//   node bench/js-size.mjs     starts the stack on ports of its own (or measures BENCH_WEB_URL)
//
// Counted: every <script src="/_next/…"> of the served HTML but the nomodule polyfills, each chunk once per page, gzipped here
// at level 9 (the same for Kifu and hello, whatever the server sends). Chunks a page loads later —
// on a click, or for a step further on — are not in its HTML and are not counted: that is the
// point of loading them later. The hello build is kept in the system's temp folder, keyed by the
// versions of next and React, so it is built once per machine and version (a minute on 2 cores).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstOf, root, startStack, waitFor } from './stack.mjs';

/** The goal (docs/performance.md): a page's JS at most this many times the hello page's. */
export const JS_SIZE_GOAL = 1.3;

const webRequire = createRequire(join(root, 'apps/web/package.json'));
const versionOf = (name) => JSON.parse(readFileSync(webRequire.resolve(`${name}/package.json`), 'utf8')).version;

const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The /_next/ script paths an HTML page loads, each once, in order. `nomodule` scripts (Next's
 * polyfills, ~38 KiB) are left out: browsers that run modules, i.e. all current ones, skip them.
 */
export function scriptPaths(html) {
  const paths = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1];
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1]?.replaceAll('&amp;', '&');
    if (!src || /\bnomodule\b/i.test(attributes)) continue;
    const path = src.startsWith('http') ? new URL(src).pathname + new URL(src).search : src;
    if (path.startsWith('/_next/')) paths.add(path);
  }
  return [...paths];
}

/**
 * Builds (once per next/React version) the hello app and answers its page's JS: { bytes, chunks }.
 * It lives in the temp folder with node_modules linked to the repository's, so it resolves the
 * very `next`, `react` and `react-dom` apps/web builds with.
 */
export function helloJs() {
  const dir = helloApp();
  const chunks = scriptPaths(readFileSync(join(dir, '.next/server/app/index.html'), 'utf8'));
  let bytes = 0;
  for (const path of chunks) {
    const file = join(dir, '.next/static', decodeURIComponent(path.replace(/^\/_next\/static\//, '').replace(/\?.*$/, '')));
    bytes += gzipSize(readFileSync(file));
  }
  return { bytes, chunks: chunks.length };
}

/** Builds the hello app if this machine has not yet, and answers its folder (`next start` serves it). */
export function helloApp() {
  const dir = join(tmpdir(), `kifu-js-size-hello-next${versionOf('next')}-react${versionOf('react')}`);
  const html = join(dir, '.next/server/app/index.html');
  if (!existsSync(html)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'app'), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'hello', private: true, type: 'module' }, null, 2));
    // Turbopack only reads files under its root: the repository's node_modules are outside `dir`.
    writeFileSync(join(dir, 'next.config.mjs'), `export default { turbopack: { root: ${JSON.stringify('/')} } };\n`);
    writeFileSync(
      join(dir, 'app/layout.tsx'),
      `export default function RootLayout({ children }: { children: React.ReactNode }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n`,
    );
    writeFileSync(join(dir, 'app/page.tsx'), `export default function Page() {\n  return <h1>Hello</h1>;\n}\n`);
    const build = spawnSync(process.execPath, [webRequire.resolve('next/dist/bin/next'), 'build'], {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
    });
    if (build.status !== 0 || !existsSync(html))
      throw new Error(`the hello app did not build in ${dir}:\n${build.stdout}\n${build.stderr}`);
  }
  return dir;
}

/** `next start` of the hello app on `port`; answers its URL and a stop function. */
export async function startHello(port) {
  const dir = helloApp();
  const server = spawn(process.execPath, [webRequire.resolve('next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url, 60_000);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}

/** The gzip size of the JS `url`'s HTML loads: { bytes, chunks }. */
export async function pageJs(web, path) {
  const answer = await fetch(`${web}${path}`, { headers: { 'accept-language': 'ja' } });
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
  const chunks = scriptPaths(await answer.text());
  let bytes = 0;
  for (const chunk of chunks) {
    const script = await fetch(`${web}${chunk}`);
    if (!script.ok) throw new Error(`${chunk} (of ${path}) answered ${script.status}`);
    bytes += gzipSize(Buffer.from(await script.arrayBuffer()));
  }
  return { bytes, chunks: chunks.length };
}

/** The pages docs/performance.md sets goals for, as { name, path } on `web`. */
export async function issuePages(web) {
  const campaign = await firstOf(web, '/campaign/?page_size=1&status=published', (c) => c.id);
  const associate = await firstOf(web, '/associate/?page_size=1', (a) => a.uid);
  return [
    { name: 'top page', path: '/' },
    { name: 'campaign page', path: `/campaign/${campaign}` },
    { name: 'associate page', path: `/associate/${associate}` },
    { name: 'donate page', path: `/associate/${associate}/donate` },
  ];
}

/**
 * The associate console's overview with its charts (ADR 076), for the demo's associate: its HTML
 * is the same signed in or not (the console asks the API who the caller is from the browser).
 */
export const CONSOLE_OVERVIEW = { name: 'console overview with its charts', path: '/dashboard/kodomo-shokudo-mirai' };

/** Rows for run.mjs's table: { what, kifu, baseline, ratio, goal, met }, one per page. */
export async function measureJsSize({ web }) {
  const hello = helloJs();
  const rows = [];
  for (const { name, path } of [...(await issuePages(web)), CONSOLE_OVERVIEW]) {
    const page = await pageJs(web, path);
    const ratio = page.bytes / hello.bytes;
    rows.push({
      what: `JS of the ${name} (${path}), gzip`,
      kifu: `${kib(page.bytes)} in ${page.chunks} files`,
      baseline: `Next.js hello page: ${kib(hello.bytes)} in ${hello.chunks} files`,
      ratio,
      goal: `≤ ${JS_SIZE_GOAL}`,
      met: ratio <= JS_SIZE_GOAL,
    });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { web, stop } = await startStack({ web: 3460, api: 4460, sandbox: 4470 });
  try {
    const rows = await measureJsSize({ web });
    console.info(
      [
        '| what | Kifu | baseline (same node_modules) | ratio | goal | met |',
        '|---|---|---|---|---|---|',
        ...rows.map((r) => `| ${r.what} | ${r.kifu} | ${r.baseline} | ${r.ratio.toFixed(3)} | ${r.goal} | ${r.met ? 'yes' : 'no'} |`),
      ].join('\n'),
    );
  } finally {
    await stop();
  }
}
