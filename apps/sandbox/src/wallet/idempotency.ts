// x-amz-pay-idempotency-key (providers.md "Reliability rules"): the first answer to a key is kept
// and replayed to a retry of the same request; the same key on a different request is refused
// with Amazon's DuplicateIdempotencyKey (400). Refused requests (validation errors, wrong state)
// are not kept, so a retry after fixing the cause is processed afresh. Handlers run synchronously
// between lookup and store, so two concurrent duplicates cannot both charge.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { walletErrors } from './errors';
import type { WalletStore } from './session-store';

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Amazon limits idempotency keys to 32 characters (the SDK's examples use a UUID without dashes). */
const MAX_KEY_LENGTH = 32;
const HEADER = 'x-amz-pay-idempotency-key';

function idempotencyKey(request: FastifyRequest): string {
  const raw = request.headers[HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') throw walletErrors.missingHeader(HEADER);
  if (key.length > MAX_KEY_LENGTH) throw walletErrors.invalidHeader(HEADER, `at most ${MAX_KEY_LENGTH} characters`);
  return key;
}

/** /wallet/sandbox/v2/charges and /wallet/v2/charges are the same request. */
export function providerPath(url: string): string {
  const path = url.split('?')[0]!;
  return path.slice(path.indexOf('/v2/'));
}

export function withIdempotency(store: WalletStore, request: FastifyRequest, run: () => ApiAnswer): ApiAnswer {
  const key = idempotencyKey(request);
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const fingerprint = `${request.method} ${providerPath(request.url)} ${createHash('sha256').update(raw).digest('hex')}`;
  const stored = store.answers.get(key);
  if (stored) {
    if (stored.fingerprint !== fingerprint) throw walletErrors.duplicateIdempotencyKey();
    return { status: stored.status, body: stored.body };
  }
  const answer = run();
  // A snapshot: the objects behind the answer keep changing (a session completes, expires…).
  store.answers.set(key, { fingerprint, status: answer.status, body: structuredClone(answer.body) });
  return answer;
}
