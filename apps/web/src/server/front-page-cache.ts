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
//
// When a kept answer gets too old, one request asks Next again while the others are still answered
// from memory (ADR 085): without it every connection of a busy page missed at the same moment and
// Next rendered the page as many times at once, the slowest answers of the load.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { LeastRecentlyUsed } from './least-recently-used.mjs';

/** How long a kept answer is served as is. */
export const FRONT_CACHE_MS = 5_000;
/**
 * How much longer it may still be served while one request asks Next for a newer one; a refresh
 * that takes longer (Next stuck) lets every request through again, as without the cache.
 */
export const FRONT_CACHE_STALE_MS = 5_000;
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
  /** Whether a request is asking Next for a newer answer now. */
  renewing: boolean;
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

  /** Whether a kept answer may be sent as is, only while another request renews it, or no more. */
  function ageOf(entry: Kept): 'fresh' | 'stale' | 'expired' {
    const age = now() - entry.storedAt;
    if (entry.storedAt <= emptiedAt || age >= FRONT_CACHE_MS + FRONT_CACHE_STALE_MS) return 'expired';
    return age < FRONT_CACHE_MS ? 'fresh' : 'stale';
  }

  /** Answers from memory when it can; otherwise lets `next` answer and keeps what it may. */
  return function serve(request: IncomingMessage, response: ServerResponse, next: () => void): void {
    if (!cacheable(request)) return next();
    const refreshed = refreshedAt();
    if (refreshed > emptiedAt) {
      kept.clear();
      emptiedAt = refreshed;
    }
    let renewed: string | undefined;
    for (const encoding of accepted(request)) {
      const key = `${encoding} ${request.url}`;
      const entry = kept.get(key);
      if (!entry) continue;
      const age = ageOf(entry);
      if (age === 'expired') {
        kept.delete(key);
        continue;
      }
      if (age === 'stale' && !entry.renewing) {
        // This request asks Next; the others are answered from memory meanwhile.
        entry.renewing = true;
        renewed = key;
        break;
      }
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
    record(request.url ?? '/', response, renewed);
    next();
  };

  /**
   * Copies what Next writes, and keeps it once the answer is complete and may be shared. The kept
   * answer under `renewed` that this request was to renew is dropped when it brings none in its place.
   */
  function record(url: string, response: ServerResponse, renewed: string | undefined): void {
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
    // 'close' comes after 'finish', and alone when the answer was cut off. Next adds ten 'close'
    // listeners of its own to a streamed page: this one is not a leak either (as web-metrics.ts).
    response.setMaxListeners(response.getMaxListeners() + 1);
    response.once('close', () => {
      const stored = response.writableFinished ? keep(url, response, chunks, startedAt) : undefined;
      if (renewed !== undefined && renewed !== stored && kept.get(renewed)?.renewing) kept.delete(renewed);
    });
  }

  /** Keeps a complete answer of Next if a shared cache may; answers its key, or undefined. */
  function keep(url: string, response: ServerResponse, chunks: Buffer[], startedAt: number): string | undefined {
    const sent = response.getHeaders();
    // A refresh that came while Next was answering may make this answer old already.
    if (!storable(response.statusCode, sent) || refreshedAt() > startedAt) return undefined;
    const body = Buffer.concat(chunks);
    // Next streamed it (chunked); replayed whole, it says its length: one write, no chunk framing.
    const headers: OutgoingHttpHeaders = {
      ...Object.fromEntries(Object.entries(sent).filter(([name]) => !NOT_KEPT.has(name))),
      'content-length': body.length,
    };
    const key = `${String(headers['content-encoding'] ?? 'identity')} ${url}`;
    kept.set(key, { status: response.statusCode, headers, body, storedAt: startedAt, renewing: false }, body.length);
    return key;
  }
}
