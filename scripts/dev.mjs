#!/usr/bin/env node
// `npm run dev`: the platform for editing it, in one terminal. The sandbox and the API restart when
// their sources (or packages/domain) change (tsx watch); the web app is `next dev` (hot reload, no
// build step). Same ports, environment and embedded database as `npm start` (local-stack.mjs).
// `next dev` serves without src/server/serve.ts: no site-wide security headers and no
// X-Forwarded-For, so the API counts every browser as this machine; `npm start` behaves like production.
import { join } from 'node:path';
import { nextBin, ports, root, runStack } from './local-stack.mjs';

await runStack({
  // tsx's own screen clearing would wipe the other parts' output.
  service: [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server.ts'],
  web: [nextBin, 'dev', '--port', String(ports.web)],
  // A second signal makes tsx watch SIGKILL the server, which then cannot close its database.
  ownGroups: true,
});
