#!/usr/bin/env node
// `npm start`: one command runs the whole platform (architecture.md §5). Builds the web app if its
// build is missing or older than its sources, and the bundles of the API and of the web's server
// (ADR 044) likewise, then starts the provider sandbox, the API (which migrates and seeds demo data
// into an empty database) and the web app as production runs them, waits until each answers, and
// prints their URLs. Stops everything when any part stops or on Ctrl-C.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bundleIfStale } from './bundle-services.mjs';
import { dirs, env, nextBin, root, runStack } from './local-stack.mjs';

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

if (process.env.SKIP_WEB_BUILD !== '1' && webBuildIsStale()) {
  console.info('Building the web app (first run or sources changed)…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: dirs.web, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// A second or two each, and only when their sources changed (ADR 044).
for (const part of ['api', 'web']) {
  if (await bundleIfStale(part)) console.info(`Built the ${part} bundle (apps/${part}/dist).`);
}

await runStack({
  // The provider sandbox is a development tool: it runs from its sources.
  service: ['--import', 'tsx', 'src/server.ts'],
  api: ['--enable-source-maps', 'dist/server.js'],
  // Our own server around Next's handler: it sets X-Forwarded-For from the connection (see the file).
  web: ['--enable-source-maps', 'dist/serve.js'],
});
