// Public reads answered from memory for a minute (ADR 040): the
// embedded database is one connection, and a campaign's page costs about ten queries, so the same
// answer for every anonymous caller is kept PUBLIC_READ_CACHE_MS (60 s; 0 turns it off) under its
// URL. Only for the public read routes the app puts behind `cacheable` (app.ts), only for callers
// without a token or session cookie, only 200 answers.
//
// Freshness: what changes public data forgets every answer at once — a write that succeeded on a
// campaign or a supporter's message (PUBLIC_WRITES; before its answer leaves, so its caller's next
// read is fresh), and the page-refresh job a paid donation enqueues (refresh-public-pages.ts).
// Sign-ins, sign-ups and new gifts do not: on a giving day they come many a second, and would
// leave nothing kept. Other API processes hear of a change by NOTIFY on PUBLIC_DATA_CHANNEL and
// forget too; each process signs its notification and ignores its own, which it has already acted
// on — heard late, it would wipe answers kept after the change. A read that began before a change is
// not kept, so it cannot bring stale data back.
import { randomUUID } from 'node:crypto';
import { AUTH_COOKIE_NAME } from '@kifu/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';

export const PUBLIC_DATA_CHANNEL = 'kifu_public_data';
/** Bounds the memory: the answers beyond this many, oldest first, are dropped. */
const MAX_ENTRIES = 1_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Writes under these paths change what the public reads show: campaigns (the dashboard), supporters'
 * messages, and an associate's console (its page, activity reports, refunds that lower totals).
 */
const PUBLIC_WRITES = /^\/(campaign|donation\/donation-message|associate\/[^/]+\/console)\//;

interface Entry {
  body: string;
  contentType: string;
  expires: number;
}

export interface PublicReadCache {
  /** Public data may have changed: forget every kept answer here, and tell the other processes. */
  changed(): void;
  /** Hooks for a scope of public read routes. */
  cacheable(scope: FastifyInstance): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicReadCache: PublicReadCache;
  }
  interface FastifyRequest {
    /** The generation a cacheable read started in; its answer is kept only if nothing changed since. */
    publicReadGeneration?: number;
  }
}

export const publicReadCachePlugin = fp<{ listen: DatabaseHandle['listen'] }>(async (app, { listen }) => {
  const ttlMs = app.config.PUBLIC_READ_CACHE_MS;
  const entries = new Map<string, Entry>();
  let generation = 0;
  /** Signs this process's notifications, so that it does not forget twice on hearing its own. */
  const processKey = randomUUID();
  const forget = () => {
    generation++;
    entries.clear();
  };
  const anonymous = (request: FastifyRequest) => !request.headers.authorization && !request.cookies?.[AUTH_COOKIE_NAME];

  const serveKept = async (request: FastifyRequest, reply: FastifyReply) => {
    if (ttlMs === 0 || request.method !== 'GET' || !anonymous(request)) return;
    const kept = entries.get(request.url);
    if (kept && kept.expires > Date.now()) {
      return reply.header('content-type', kept.contentType).header('x-kifu-cache', 'hit').send(kept.body);
    }
    if (kept) entries.delete(request.url);
    request.publicReadGeneration = generation;
  };
  const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.publicReadGeneration !== generation || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(request.url, {
      body: payload,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      expires: Date.now() + ttlMs,
    });
    return payload;
  };

  const tellOthers = () => {
    if (ttlMs === 0) return;
    void app.db.execute(sql`select pg_notify(${PUBLIC_DATA_CHANNEL}, ${processKey})`).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not tell other processes that public data changed');
    });
  };
  const changed = () => {
    forget();
    tellOthers();
  };

  app.decorate('publicReadCache', {
    changed,
    cacheable(scope) {
      scope.addHook('onRequest', serveKept);
      scope.addHook('onSend', keep);
    },
  } satisfies PublicReadCache);

  app.addHook('onSend', async (request, reply, payload) => {
    if (!READ_METHODS.has(request.method) && reply.statusCode < 400 && PUBLIC_WRITES.test(request.url)) changed();
    return payload;
  });

  if (ttlMs > 0) {
    let unlisten: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      try {
        unlisten = await listen(PUBLIC_DATA_CHANNEL, (sender) => {
          if (sender !== processKey) forget();
        });
      } catch (error) {
        app.log.warn({ err: error }, 'changes made by other processes reach this cache only when its answers expire');
      }
    });
    app.addHook('onClose', async () => {
      await unlisten?.();
    });
  }
});
