// A few seconds of memory in front of Next for the answers a shared cache may store
// (ADR 046): a public page Next has in its cache still costs its whole request pipeline (the proxy,
// routing, its cache lookup, rendering headers), several times a static file. Here such an answer
// is replayed byte for byte for FRONT_CACHE_MS, so a page under load costs Next one request per
// few seconds per page and language.
//
// What is kept is what the answer itself allows any shared cache (a CDN) to keep: a 200 to a GET
// with `s-maxage` in its Cache-Control and no Set-Cookie. Requests of Next's client router (RSC
// headers, `_rsc`) vary by header and always go to Next. Each encoding Next answered with is kept
// apart. A page refresh (POST /api/revalidate, from this process or, with Redis, another: ADR 045)
// empties it at once, so a paid donation shows as soon as without it.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { LeastRecentlyUsed } from './least-recently-used.mjs';

/** Short enough that a page is never more than this older than Next's own copy. */
export const FRONT_CACHE_MS = 5_000;
const MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;
/** Headers of Next's client router: the answer differs from the page's HTML. */
const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url'];
/** Headers that belong to one connection or one moment, not to the kept answer. */
const NOT_KEPT = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'set-cookie']);

interface Kept {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
}

export interface FrontPageCacheOptions {
  /** When the latest page refresh happened (ms): anything kept before it is dropped. */
  refreshedAt: () => number;
  now?: () => number;
}

function cacheable(request: IncomingMessage): boolean {
  if (request.method !== 'GET') return false;
  const url = request.url ?? '';
  if (url.includes('_rsc=') || url.startsWith('/_next/') || url.startsWith('/backend/') || url.startsWith('/api/')) return false;
  return !ROUTER_HEADERS.some((name) => request.headers[name] !== undefined);
}

/** The encodings the browser takes, in the order we prefer to send what we hold. */
function accepted(request: IncomingMessage): string[] {
  const header = String(request.headers['accept-encoding'] ?? '');
  const offered = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.toLowerCase()),
  );
  return [...['br', 'gzip', 'deflate'].filter((name) => offered.has(name)), 'identity'];
}

function storable(status: number, headers: OutgoingHttpHeaders): boolean {
  const cacheControl = String(headers['cache-control'] ?? '');
  return status === 200 && /\bs-maxage=\d+/.test(cacheControl) && !/private|no-store/.test(cacheControl) && !headers['set-cookie'];
}

/** Next's process-wide record of refreshed tags (its own cache and ours, ADR 045, write into it). */
const { tagsManifest } = createRequire(import.meta.url)('next/dist/server/lib/incremental-cache/tags-manifest.external.js') as {
  tagsManifest: Map<string, { stale?: number; expired?: number }>;
};

/** When Next last refreshed a tag (ms), from its own record: 0 if never. */
export function nextRefreshedAt(now = Date.now()): number {
  let latest = 0;
  for (const { stale, expired } of tagsManifest.values()) {
    for (const at of [stale, expired]) if (typeof at === 'number' && at <= now && at > latest) latest = at;
  }
  return latest;
}

export function createFrontPageCache({ refreshedAt, now = Date.now }: FrontPageCacheOptions) {
  const kept = new LeastRecentlyUsed<Kept>(MEMORY_LIMIT_BYTES);
  let emptiedAt = 0;

  function fresh(key: string): Kept | undefined {
    const entry = kept.get(key);
    if (!entry) return undefined;
    if (now() - entry.storedAt < FRONT_CACHE_MS && entry.storedAt > emptiedAt) return entry;
    kept.delete(key);
    return undefined;
  }

  /** Answers from memory when it can (true); otherwise lets `next` answer and keeps what it may. */
  return function serve(request: IncomingMessage, response: ServerResponse, next: () => void): void {
    if (!cacheable(request)) return next();
    const refreshed = refreshedAt();
    if (refreshed > emptiedAt) {
      kept.clear();
      emptiedAt = refreshed;
    }
    for (const encoding of accepted(request)) {
      const entry = fresh(`${encoding} ${request.url}`);
      if (!entry) continue;
      const etag = entry.headers.etag;
      if (etag !== undefined && request.headers['if-none-match'] === etag) {
        response.writeHead(304, { etag, 'cache-control': entry.headers['cache-control'] });
        response.end();
        return;
      }
      response.writeHead(entry.status, entry.headers);
      response.end(entry.body);
      return;
    }
    record(request.url ?? '/', response);
    next();
  };

  /** Copies what Next writes, and keeps it once the answer is complete and may be shared. */
  function record(url: string, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    const startedAt = now();
    const write = response.write.bind(response) as (...args: unknown[]) => boolean;
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
      );
    };
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as ServerResponse['write'];
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as ServerResponse['end'];
    response.once('finish', () => {
      const sent = response.getHeaders();
      // A refresh that came while Next was answering may make this answer old already.
      if (!storable(response.statusCode, sent) || refreshedAt() > startedAt) return;
      const headers = Object.fromEntries(Object.entries(sent).filter(([name]) => !NOT_KEPT.has(name)));
      const body = Buffer.concat(chunks);
      const encoding = String(headers['content-encoding'] ?? 'identity');
      kept.set(`${encoding} ${url}`, { status: response.statusCode, headers, body, storedAt: startedAt }, body.length);
    });
  }
}
