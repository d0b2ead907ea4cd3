// `npm run worker` serves no API, yet it is where jobs run when JOBS_IN_PROCESS=false: mails sent,
// webhook events processed, reconciliations, recurring charges and their provider calls are counted
// in its process. With WORKER_METRICS_PORT it answers GET /metrics on that port — the app's own
// route through inject(), so the access rule (ADR 048) and the format are the API's — and nothing else.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_ACCESS_HEADERS } from '@kifu/domain/metrics-access';
import { METRICS_PATH } from '@kifu/domain/metrics-labels';
import type { FastifyInstance } from 'fastify';

export interface WorkerMetricsServer {
  url: string;
  close(): Promise<void>;
}

/** Only these of the app's answer go back: the rest (content-length, request id) is the route's business. */
const PASSED_HEADERS = ['content-type', 'cache-control', 'www-authenticate'] as const;

type Headers = Record<string, string | string[] | number | undefined>;

/** The named headers that are present, and nothing else. */
function only(headers: Headers, names: readonly string[]): Record<string, string | string[] | number> {
  return Object.fromEntries(names.flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]]])));
}

async function answer(app: FastifyInstance, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = (request.url ?? '').split('?')[0];
  if (request.method !== 'GET' || path !== METRICS_PATH) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
    return;
  }
  const reply = await app.inject({
    method: 'GET',
    url: METRICS_PATH,
    // Only what the access rule reads: the route needs nothing else of the request.
    headers: only(request.headers, METRICS_ACCESS_HEADERS) as Record<string, string | string[]>,
    // The access rule reads the connection's address: inject() would otherwise say 127.0.0.1.
    remoteAddress: request.socket.remoteAddress ?? '',
  });
  response.writeHead(reply.statusCode, only(reply.headers, PASSED_HEADERS)).end(reply.rawPayload);
}

export async function serveWorkerMetrics(app: FastifyInstance, port: number, host: string): Promise<WorkerMetricsServer> {
  const server = createServer((request, response) => {
    answer(app, request, response).catch((error: unknown) => {
      app.log.error({ err: error }, 'worker metrics: answer failed');
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      listening();
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}${METRICS_PATH}`,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
