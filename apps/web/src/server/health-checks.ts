// GET /health/live and /health/ready on the web server (ADR 049), answered before Next sees the
// request, in the API's shapes: live while the process answers at all; ready while the API answers
// its own readiness (every page and /backend call needs it), Redis answers where REDIS_URL names
// the shared page cache, and shutdown has not begun (graceful-close.ts). Not under `next dev`,
// which runs without this server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Redis } from 'ioredis';

/** A dependency that has not answered by then counts as down: probes time out after a few seconds. */
const CHECK_TIMEOUT_MS = 2_000;

export interface WebHealth {
  /** Answers GET /health/live or /health/ready and says true; false for anything else (it goes to Next). */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  beginShutdown(): void;
  close(): void;
}

async function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export function webHealth({ apiUrl, redisUrl }: { apiUrl: string; redisUrl?: string }): WebHealth {
  // A connection of its own for PING: the page cache's lives inside Next's runtime. Commands fail
  // at once while it is down instead of queueing.
  const redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : undefined;
  redis?.on('error', () => undefined);
  redis?.connect().catch(() => undefined);
  let shuttingDown = false;

  const checks: [string, () => Promise<unknown>][] = [
    [
      'api',
      async () => {
        const answer = await fetch(`${apiUrl.replace(/\/+$/, '')}/health/ready`, { cache: 'no-store' });
        if (!answer.ok) throw new Error(`answered ${answer.status}`);
      },
    ],
    ...(redis ? [['redis', () => redis.ping()] as [string, () => Promise<unknown>]] : []),
  ];

  async function unreachable(): Promise<string[]> {
    const results = await Promise.all(
      checks.map(([name, check]) =>
        within(check()).then(
          () => undefined,
          () => name,
        ),
      ),
    );
    return results.filter((name): name is string => name !== undefined);
  }

  return {
    answer(request, response) {
      const route = `${request.method} ${(request.url ?? '').split('?')[0]}`;
      if (route === 'GET /health/live') {
        send(response, 200, { status: 'ok' });
        return true;
      }
      if (route !== 'GET /health/ready') return false;
      if (shuttingDown) {
        send(response, 503, { code: 'service_unavailable', detail: 'shutting down' });
        return true;
      }
      void unreachable().then((names) =>
        names.length === 0
          ? send(response, 200, { status: 'ok' })
          : send(response, 503, { code: 'service_unavailable', detail: `unreachable: ${names.join(', ')}` }),
      );
      return true;
    },
    beginShutdown() {
      shuttingDown = true;
    },
    close() {
      redis?.disconnect();
    },
  };
}
