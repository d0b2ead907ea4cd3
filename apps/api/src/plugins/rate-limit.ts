// Every counter of the API lives in @fastify/rate-limit's one store: in this process's memory, or
// in Redis with REDIS_URL, so that any number of API processes count together (ADR 041,
// architecture.md §6). If Redis cannot answer, a request is served and the failure logged: a giving
// day must not stop at a counter. Registered but off globally:
// routes opt in with
// - `config.rateLimit`: one limit per route (@fastify/rate-limit's own), answering 429 at once;
// - `config.attemptLimits`: named counters shared by every route that lists them, keyed by what
//   the rule picks (the client address, the email of the body, …), which slow the answer down past
//   `slowAfter` and refuse past `max`. They run first among the route's preHandlers, once the body
//   is parsed, so a refused attempt costs nothing (ADR 023: password spraying, card testing).
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../lib/app-error';

export interface AttemptLimit {
  /** Names the counter: routes listing the same rule count together. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** What is counted, e.g. the client address; undefined: the rule does not apply to this request. */
  key: (request: FastifyRequest) => string | undefined;
  /** Attempts past this many wait SLOW_DOWN_STEP_MS longer each (up to SLOW_DOWN_MAX_MS) before they are served. */
  slowAfter?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    attemptLimits?: readonly AttemptLimit[];
  }
}

export const SLOW_DOWN_STEP_MS = 500;
export const SLOW_DOWN_MAX_MS = 5_000;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

const byAddress = (request: FastifyRequest) => request.ip;

/**
 * How many supporters a guest's address stands for in a per-caller limit (ADR 083): a mobile
 * carrier's shared address, an office or a school puts many people behind one address, and a
 * campaign shared on a giving day brings them at the same minute. A signed-in caller is one person.
 */
export const SUPPORTERS_PER_ADDRESS = 5;

/** Behind the web proxy many supporters share one address: signed-in callers are keyed by account. */
const byCaller = (request: FastifyRequest) => (request.userId === undefined ? byAddress(request) : `user:${request.userId}`);

/**
 * Route config (`config`): at most `max` calls a minute per account, or `max` × SUPPORTERS_PER_ADDRESS
 * per address for a guest; @fastify/rate-limit's own, answering 429 at once.
 */
export const perCallerLimit = (max: number) => ({
  rateLimit: {
    max: (request: FastifyRequest) => (request.userId === undefined ? max * SUPPORTERS_PER_ADDRESS : max),
    timeWindow: '1 minute',
    keyGenerator: byCaller,
  },
});

function emailOf(request: FastifyRequest): string | undefined {
  const body = (request.body ?? {}) as { email?: unknown; donor?: { email?: unknown } | null };
  const email = body.donor?.email ?? body.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined;
}

/**
 * Card testing (many small card attempts from one client or with one email) on the routes that
 * spend a vault token at the provider. Set above what a household or an office gives in an hour,
 * and above the browser suite, which runs every card test from one address (about 70 attempts).
 */
export const CARD_ATTEMPTS_PER_ADDRESS: AttemptLimit = {
  name: 'card-attempts:address',
  max: 200,
  slowAfter: 100,
  timeWindowMs: HOUR_MS,
  key: byAddress,
};
/** A donor making a gift sends 2 card attempts (customer, donation); a few declined cards and retries fit. */
export const CARD_ATTEMPTS_PER_EMAIL: AttemptLimit = {
  name: 'card-attempts:email',
  max: 12,
  slowAfter: 6,
  timeWindowMs: HOUR_MS,
  key: emailOf,
};
/**
 * Drawing a PDF or a ZIP costs tens of milliseconds of CPU: enough for a supporter who opens every
 * receipt of several years, not for a loop. Keyed by the signed-in user, or the address for a guest.
 */
export const DOCUMENTS_PER_CLIENT: AttemptLimit = {
  name: 'documents:client',
  max: 300,
  timeWindowMs: HOUR_MS,
  key: byCaller,
};

export const CARD_ATTEMPT_LIMITS = [CARD_ATTEMPTS_PER_ADDRESS, CARD_ATTEMPTS_PER_EMAIL] as const;

export function slowDownMs(attempt: number, slowAfter: number | undefined): number {
  if (slowAfter === undefined || attempt <= slowAfter) return 0;
  return Math.min((attempt - slowAfter) * SLOW_DOWN_STEP_MS, SLOW_DOWN_MAX_MS);
}

export const rateLimitPlugin = fp(async (app) => {
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { connectTimeout: 1_000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store (Redis) error'));
    await redis
      .connect()
      .catch((error: unknown) => app.log.warn({ err: error }, 'rate limit store (Redis) not reachable; requests are served'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Served without counting is a fallback for a moment, not a way to run (ADR 049): an API process
    // that cannot reach the shared counters is taken out of the load balancer until it can.
    app.readiness.require('redis', () => redis.ping());
  }
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new AppError('rate_limited', `retry after ${context.after}`),
    ...(redis ? { redis, nameSpace: 'kifu-limits:', skipOnError: true } : {}),
  });

  // One counter per rule, however many routes list it.
  const counters = new Map<AttemptLimit, ReturnType<typeof app.createRateLimit>>();
  const counterOf = (rule: AttemptLimit) => {
    let counter = counters.get(rule);
    if (!counter) {
      counter = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.timeWindowMs,
        keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
      });
      counters.set(rule, counter);
    }
    return counter;
  };

  app.addHook('onRoute', (route) => {
    const rules = route.config?.attemptLimits;
    if (!rules || rules.length === 0) return;
    const limiters = rules.map((rule) => ({ rule, counter: counterOf(rule) }));
    const countAttempt = async (request: FastifyRequest, reply: FastifyReply) => {
      let wait = 0;
      for (const { rule, counter } of limiters) {
        if (rule.key(request) === undefined) continue;
        const counted = await counter(request);
        if (counted.isAllowed) continue;
        if (counted.isExceeded) {
          reply.header('retry-after', counted.ttlInSeconds);
          throw new AppError('rate_limited', `too many attempts (${rule.name}); retry after ${counted.ttlInSeconds} s`);
        }
        wait = Math.max(wait, slowDownMs(counted.max - counted.remaining, rule.slowAfter));
      }
      if (wait > 0) await sleep(wait);
    };
    const existing = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [countAttempt, ...existing];
  });
});
