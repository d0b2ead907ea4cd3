// Idempotency keys on money-moving POSTs (architecture.md §3, providers.md "Reliability rules":
// Stripe-style — the first final result is stored and replayed; a concurrent duplicate gets 409
// and charges nothing). One row per (scope, key) in idempotency_keys:
//
//   no row ──────── claim (INSERT … ON CONFLICT DO NOTHING) ──▶ in_progress
//   in_progress ─── the handler answered (a final answer) ─────▶ completed, with status and body
//   in_progress ─── refused before the handler ran (bot check) ▶ deleted: the key may be used again
//   in_progress ─── answered 400 (invalid request) ─────────────▶ deleted, as Stripe keeps no result
//                   for a request that failed validation: the corrected submission may reuse the key.
//                   So a route using this must answer 400 only before it has written anything.
//   in_progress ─── answered 502/503/504 (a provider away) ────▶ deleted: the web's automatic retry
//                   with the same key is processed afresh instead of replaying the outage forever.
//   completed ───── same key, same body ──▶ the stored status and body again (Idempotent-Replayed)
//   any ─────────── same key, other body ─▶ 409;  in_progress, same body ─▶ 409 (nothing is charged)
//
// Releasing on a provider outage is safe because no route answers 502/503/504 once money can have
// moved (Stripe's rule: a request that failed before any side effect may be retried):
// - card (single, monthly, annual): the customer check fails before anything is written; a charge
//   call that fails marks the donation failed (fail-donation.ts) and its authorize_uri never
//   reaches the supporter, and a 3-D Secure charge nobody authenticates moves no money. The retry
//   records a new donation with a new charge; nothing can pay the first one (should the provider
//   have made and paid it anyway, the unowned-charge report names it: ADR 022).
// - bank transfer: an account the bank could not issue, or whose number nobody was told, receives
//   no transfer; the retry issues a new one.
// - wallet: the update call moves no money (the buyer approves later); the completion carries the
//   provider's own idempotency key per donation, so its retry replays the provider's first answer.
// - bot check down (503): refused before the handler ran.
// A 500 (our own failure) stays stored: it may come after a charge was made.
//
// The replay comes before the route's guards, so a replay needs no fresh bot-check token. A
// process that dies mid-request leaves its key in_progress: replays keep answering 409 rather than
// risk a second charge (reconciliation settles the donation itself).
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { AppError } from './app-error';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Spread into a route's `headers` schema; a missing key is a 400 with `fields['idempotency-key']`. */
export const idempotencyKeyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(255, 'maxLength')
    .describe('A fresh random key per submission (e.g. a UUID); a retry of the same submission sends the same key'),
});

/** Not final answers: a provider (card, bank, wallet, bot check) could not be reached. */
const PROVIDER_AWAY_STATUSES = new Set([502, 503, 504]);

/** Body fields left out of the request hash: a retry carries a fresh single-use bot-check token. */
const UNHASHED_FIELDS = new Set(['recaptcha_token']);

type Claim = { id: number; stage: 'claimed' | 'started' } | { id: number; stage: 'replayed' };

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | undefined;
  }
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key, field]) => field !== undefined && !UNHASHED_FIELDS.has(key))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, field]) => [key, canonical(field)]),
    );
  }
  return value;
}

/** The validated body and the caller: the same key from another account is another request. */
export function requestHash(body: unknown, userId: number | undefined): string {
  return createHash('sha256')
    .update(JSON.stringify({ user: userId ?? null, body: canonical(body) }))
    .digest('hex');
}

function keyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  const key = (Array.isArray(value) ? value[0] : value)?.trim();
  // The route's headers schema has already refused a request without one.
  if (!key) throw new AppError('validation_failed', 'an Idempotency-Key header is required', { [IDEMPOTENCY_KEY_HEADER]: ['required'] });
  return key;
}

async function claim(db: Database, scope: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const key = keyOf(request);
  const hash = requestHash(request.body, request.userId);
  // A row deleted between our insert and our read (a refused request released it) is claimed again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash: hash })
      .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
      .returning({ id: idempotencyKeys.id });
    if (claimed) {
      request.idempotencyClaim = { id: claimed.id, stage: 'claimed' };
      return undefined;
    }
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!existing) continue;
    if (existing.requestHash !== hash)
      throw new AppError('conflict', 'idempotency_key_reused: this Idempotency-Key was used for another request');
    if (existing.status !== 'completed' || existing.responseStatus === null) {
      throw new AppError('conflict', 'idempotency_key_in_progress: a request with this Idempotency-Key is still being processed');
    }
    request.idempotencyClaim = { id: existing.id, stage: 'replayed' };
    return reply.code(existing.responseStatus).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(existing.responseBody);
  }
  throw new AppError('conflict', 'idempotency_key_in_progress: a request with this Idempotency-Key is still being processed');
}

async function finish(db: Database, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const current = request.idempotencyClaim;
  if (!current || current.stage === 'replayed') return;
  request.idempotencyClaim = undefined;
  if (current.stage === 'claimed' || reply.statusCode === 400 || PROVIDER_AWAY_STATUSES.has(reply.statusCode)) {
    // Refused before the handler ran (a guard such as the bot check), as invalid, or for a
    // provider that did not answer: no money moved, so the submission may be retried with the
    // same key (see the table above).
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, current.id), eq(idempotencyKeys.status, 'in_progress')));
    return;
  }
  let body: unknown = null;
  if (typeof payload === 'string' && payload !== '') {
    try {
      body = JSON.parse(payload);
    } catch {
      body = payload;
    }
  }
  await db
    .update(idempotencyKeys)
    .set({ status: 'completed', responseStatus: reply.statusCode, responseBody: body, completedAt: sql`now()` })
    .where(eq(idempotencyKeys.id, current.id));
}

export interface IdempotentRouteHooks {
  preHandler: preHandlerAsyncHookHandler[];
  onSend: onSendAsyncHookHandler;
}

/**
 * Route options for a money-moving POST: spread into the route and declare
 * `headers: idempotencyKeyHeaders` in its schema. `guards` (e.g. requireBotCheck) run after the
 * replay check and before the handler; a guard's refusal releases the key.
 *
 *   app.post(path, { ...idempotentRoute(app, 'donation:card', requireBotCheck(app)), schema }, handler)
 */
export function idempotentRoute(app: FastifyInstance, scope: string, ...guards: preHandlerAsyncHookHandler[]): IdempotentRouteHooks {
  const started: preHandlerAsyncHookHandler = async (request) => {
    if (request.idempotencyClaim?.stage === 'claimed') request.idempotencyClaim = { id: request.idempotencyClaim.id, stage: 'started' };
  };
  return {
    preHandler: [(request, reply) => claim(app.db, scope, request, reply), ...guards, started],
    onSend: async (request, reply, payload) => {
      await finish(app.db, request, reply, payload);
      return payload;
    },
  };
}

/** Decorates `request.idempotencyClaim`; register once on the app before routes use idempotentRoute. */
export function registerIdempotency(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('idempotencyClaim')) app.decorateRequest('idempotencyClaim', undefined);
}

/**
 * Runs a side effect once per (scope, key), inside the caller's transaction: the first caller
 * inserts a completed row and gets true; every later one (or a concurrent one, which waits on the
 * unique index) gets false. E.g. one thank-you mail per donation.
 */
export async function claimOnce(tx: Database, scope: string, key: string): Promise<boolean> {
  const [row] = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: '', status: 'completed', completedAt: sql`now()` })
    .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  return row !== undefined;
}
