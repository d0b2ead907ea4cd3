// Job `clean-up-expired-donation-data`: what is kept only for a while is deleted once its time is up.
//   donation form states (and with them a guest's status token): FORM_STATE_TTL_MS after the last
//     save (ADR 008: 24 h), i.e. once expires_at has passed — both the card and wallet pay kinds;
//   idempotency keys of the money-moving calls: IDEMPOTENCY_KEY_RETENTION_MS after they were made
//     (a client retries within minutes; a week is far beyond). The once-only markers of claimOnce
//     (scope 'mail:…') are kept: they are what queues a thank-you mail only once.
import { and, lt, notLike } from 'drizzle-orm';
import type { Database } from '../db/client';
import { donationFormStates, idempotencyKeys } from '../db/schema/index';

export const CLEAN_UP_EXPIRED_JOB = 'clean-up-expired-donation-data';
export const IDEMPOTENCY_KEY_RETENTION_MS = 7 * 24 * 60 * 60_000;

export async function cleanUpExpired(db: Database, now: Date = new Date()): Promise<{ formStates: number; idempotencyKeys: number }> {
  const states = await db.delete(donationFormStates).where(lt(donationFormStates.expiresAt, now)).returning({ id: donationFormStates.id });
  const keys = await db
    .delete(idempotencyKeys)
    .where(
      and(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS)), notLike(idempotencyKeys.scope, 'mail:%')),
    )
    .returning({ id: idempotencyKeys.id });
  return { formStates: states.length, idempotencyKeys: keys.length };
}
