// `npm run worker` serves no API, but an orchestrator still wants to ask it whether it is alive and
// whether it can work (ADR 049). With WORKER_HEALTH_PORT set, a bare HTTP server answers the API's
// two health paths from the same readiness (the database; shutdown): GET /health/live and
// GET /health/ready. Nothing else is served on it.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { api } from '@kifu/domain';
import { notReadyDetail, type Readiness } from './readiness';

export interface WorkerHealthServer {
  url: string;
  close(): Promise<void>;
}

function answer(response: ServerResponse, status: number, body: { status: 'ok' } | api.ErrorBody): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export async function startWorkerHealthServer(
  readiness: Readiness,
  { port, host }: { port: number; host: string },
): Promise<WorkerHealthServer> {
  const server = createServer((request, response) => {
    const route = `${request.method} ${(request.url ?? '').split('?')[0]}`;
    if (route === 'GET /health/live') return answer(response, 200, { status: 'ok' });
    if (route !== 'GET /health/ready')
      return answer(response, 404, { code: 'not_found', detail: 'only GET /health/live and /health/ready' });
    void readiness
      .report()
      .then((report) =>
        report.ready
          ? answer(response, 200, { status: 'ok' })
          : answer(response, 503, { code: 'service_unavailable', detail: notReadyDetail(report) }),
      );
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(port, host, () => listening());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        // Probes keep their connection alive; nothing they wait for is worth holding the exit.
        server.closeAllConnections();
      }),
  };
}
