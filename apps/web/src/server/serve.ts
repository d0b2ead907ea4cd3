// Serves the built web app (`npm start`): Next's request handler behind a plain HTTP server that
// first sets X-Forwarded-For from the connection (see forwarded-for.ts), so the API's per-address
// rate limits count real browsers. It also times every request and answers GET /metrics
// (web-metrics.ts, ADR 048), answers the health checks and stops gracefully on SIGTERM
// (health-checks.ts, graceful-close.ts; ADR 049). Bundled by `npm run build -w @kifu/web` into dist/serve.js
// and run with `node --enable-source-maps dist/serve.js` (ADR 044); `node --import tsx
// src/server/serve.ts` runs it from source.
import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { env } from '../lib/env';
import { forwardedFor, parseTrustedProxies, setProxySecret } from './forwarded-for';
import { createFrontPageCache, nextRefreshedAt } from './front-page-cache';
import { closeGracefully, shutdownSettings, stopOnSignals } from './graceful-close';
import { webHealth } from './health-checks';
import { setSiteSecurityHeaders } from './security-headers';
import { createWebMetrics } from './web-metrics';

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port <= 0) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
const trusted = parseTrustedProxies(process.env.WEB_TRUSTED_PROXIES);
const shutdown = shutdownSettings(process.env);

// The Open Graph cards' font (src/lib/og-image.tsx), resolved here because this file is not bundled
// by Next (node_modules stay outside our own bundle of it too).
process.env.OG_FONT_FILE ??= createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf');

/** apps/web: the nearest folder up with a package.json, from src/server/ (tsx) or dist/ (the bundle). */
let dir = dirname(fileURLToPath(import.meta.url));
while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);

// Next keeps the API's answers (its data cache) on disk across restarts; a restarted web server
// may face another API or a database started afresh, whose record 14 is not the old one's. The
// cache starts empty with each process, and fills again within the first visits. A cache shared
// through Redis (ADR 045) is kept: other processes serve from it, and a new build has its own.
if (!process.env.REDIS_URL) rmSync(join(dir, '.next/cache/fetch-cache'), { recursive: true, force: true });

const app = next({ dev: false, dir, port });
const handle = app.getRequestHandler();
await app.prepare();
const frontPageCache = createFrontPageCache({ refreshedAt: () => nextRefreshedAt() });
const metrics = createWebMetrics({ token: env.METRICS_TOKEN, production: env.KIFU_ENV === 'production' });

const health = webHealth({ apiUrl: process.env.API_INTERNAL_URL || 'http://127.0.0.1:4000', redisUrl: process.env.REDIS_URL });
const server = createServer((request, response) => {
  // With error reporting on (ADR 050), the Sentry SDK's request instrumentation adds its `close`
  // listeners to each answer beside Next's, the metrics' and the /backend proxy's: a dozen on one
  // answer is that, not a leak, and Node's warning at 11 would fill the log.
  if (env.SENTRY_DSN) response.setMaxListeners(32);
  metrics.observe(request, response);
  if (health.answer(request, response)) return;
  setSiteSecurityHeaders(response);
  // Before X-Forwarded-For is rewritten below: who may read /metrics depends on what the client sent.
  if (metrics.answer(request, response)) return;
  const address = forwardedFor(request.headers['x-forwarded-for'], request.socket.remoteAddress, trusted);
  if (address === undefined) delete request.headers['x-forwarded-for'];
  else request.headers['x-forwarded-for'] = address;
  setProxySecret(request.headers, process.env.PROXY_SECRET);
  frontPageCache(request, response, () => void handle(request, response));
});
// Node's 5 s keep-alive is shorter than a load balancer's idle timeout (60 s on the common ones):
// it would close a connection the balancer is about to reuse, and that request fails with a reset
// (seen from the browser suite's own HTTP client too). As Fastify does for the API, 72 s.
server.keepAliveTimeout = 72_000;
server.headersTimeout = 73_000;
server.listen(port, () => console.info(`web listening on ${port}`));
stopOnSignals(async () => {
  health.beginShutdown();
  await closeGracefully(server, shutdown.drainMs);
  health.close();
}, shutdown);
