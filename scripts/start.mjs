#!/usr/bin/env node
// `npm start`: one command runs the whole platform (architecture.md §5). Builds the web app if its
// build is missing or older than its sources, and the bundles of the API and of the web's server
// (ADR 044) likewise, then starts the provider sandbox, the API (which migrates and seeds demo data
// into an empty database) and the web app as production runs them, waits until each answers, and
// prints their URLs. Stops everything when any part stops or on Ctrl-C.
import { bundleIfStale } from './bundle-services.mjs';
import { buildWebIfStale, runStack } from './local-stack.mjs';

if (process.env.SKIP_WEB_BUILD !== '1') buildWebIfStale();

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
