// The web server's GET /metrics (ADR 048): its requests by route class (route-class.ts), method
// and status class, and Node's process metrics. serve.ts times every request and lets this answer
// /metrics before anything else touches the request: the access rule (packages/domain
// metrics-access.ts) must see the forwarding headers as the client sent them, before serve.ts
// replaces X-Forwarded-For. A caller who may not read gets Next's own 404 page, as for any unknown path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { metricsAccess } from '@kifu/domain/metrics-access';
import { METRICS_PATH, methodLabel, statusClass } from '@kifu/domain/metrics-labels';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { routeClassOf } from './route-class';

/** Seconds: a page from the cache answers in milliseconds, a rendered one in tens to hundreds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/** Node's metrics belong to the process: collected once, however many servers a test makes. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface WebMetricsOptions {
  /** METRICS_TOKEN; undefined: only a scraper on this machine may read, and nobody in production. */
  token: string | undefined;
  production: boolean;
}

export interface WebMetrics {
  /** Times the request until its answer ends; call before anything answers it. */
  observe(request: IncomingMessage, response: ServerResponse): void;
  /** Answers GET /metrics when the caller may read it (or 401 without the token); false: not ours, pass it on. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
}

export function createWebMetrics(options: WebMetricsOptions): WebMetrics {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'kifu_web_http_request_duration_seconds',
    help: 'Web server requests by route class, method and status class (aborted: the client left first), and how long they took',
    labelNames: ['route_class', 'method', 'status_class'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });

  // The histogram's series of each label set, looked up once: prom-client checks and hashes the
  // labels on every observe otherwise, a few per cent of a cached page's CPU.
  const series = new Map<string, { observe(seconds: number): void }>();
  const seriesOf = (route_class: string, method: string, status_class: string) => {
    const key = `${route_class} ${method} ${status_class}`;
    let found = series.get(key);
    if (!found) series.set(key, (found = duration.labels({ route_class, method, status_class })));
    return found;
  };

  return {
    observe(request, response) {
      const startedAt = performance.now();
      const routeClass = routeClassOf(request.url);
      const method = methodLabel(request.method);
      // Next adds its own 'close' listeners to a streamed page (ten of them): one more is ours, not a
      // leak, and would otherwise print a MaxListenersExceededWarning per page.
      response.setMaxListeners(response.getMaxListeners() + 1);
      response.once('close', () => {
        const status_class = response.writableFinished ? statusClass(response.statusCode) : 'aborted';
        seriesOf(routeClass, method, status_class).observe((performance.now() - startedAt) / 1_000);
      });
    },

    answer(request, response) {
      if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== METRICS_PATH) return false;
      const access = metricsAccess({ ...options, headers: request.headers, remoteAddress: request.socket.remoteAddress });
      if (access === 'not_found') return false;
      if (access === 'unauthorized') {
        response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' });
        response.end('metrics need the bearer token\n');
        return true;
      }
      Promise.all([processMetrics().metrics(), registry.metrics()]).then(
        ([process, web]) => {
          response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
          response.end(`${process}\n${web}`);
        },
        (error: unknown) => {
          // No logger in this server; a warning reaches stderr like the shared page cache's.
          process.emitWarning(`metrics could not be collected (${error instanceof Error ? error.message : String(error)})`);
          response.writeHead(500).end();
        },
      );
      return true;
    },
  };
}
