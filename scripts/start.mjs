#!/usr/bin/env node
// `npm start`: one command runs the whole platform (architecture.md §5). Builds the web app if its
// build is missing or older than its sources, then starts the provider sandbox, the API (which
// migrates and seeds demo data into an empty database) and the web app, waits until each answers,
// and prints their URLs. Stops everything when any part stops or on Ctrl-C.
import { buildWebIfStale, runStack } from './local-stack.mjs';

if (process.env.SKIP_WEB_BUILD !== '1') buildWebIfStale();

await runStack({
  service: ['--import', 'tsx', 'src/server.ts'],
  // Our own server around Next's handler: it sets X-Forwarded-For from the connection (see the file).
  web: ['--import', 'tsx', 'src/server/serve.ts'],
});
