// Job `process-card-event`: one stored, signature-verified webhook event (webhooks/receive-webhooks.ts).
// A charge.* event only names the charge: its copy of the charge may be stale, out of order or
// replayed, so the charge is retrieved from the gateway before anything changes (providers.md).
// A schedule.* event (e.g. schedule.suspend) has the schedule's state re-read and applied to its
// recurring donation. Other kinds are marked processed and ignored.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { providerEvents } from '../../db/schema/index';
import { ProviderError } from '../../providers/provider-error';
import type { CardSettlement } from './card-payment-state';
import { refreshCardCharge, type CardPaymentDeps } from './refresh-card-charge';

/** provider_events.provider of the card webhook source (providers/card/webhook-source.ts). */
const CARD_EVENT_PROVIDER = 'card';

export type CardEventResult = 'missing' | 'already_processed' | 'ignored' | 'schedule_synced' | CardSettlement['outcome'];

function objectIdOf(payload: unknown, prefix: 'chrg' | 'schd'): string | undefined {
  const id = (payload as { data?: { id?: unknown } } | null)?.data?.id;
  return typeof id === 'string' && new RegExp(`^${prefix}_[0-9a-z_]+$`).test(id) ? id : undefined;
}

export async function processCardEvent(
  deps: CardPaymentDeps & { log: FastifyBaseLogger },
  providerEventId: number,
): Promise<CardEventResult> {
  const { db, log } = deps;
  const [event] = await db
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.id, providerEventId), eq(providerEvents.provider, CARD_EVENT_PROVIDER)))
    .limit(1);
  if (!event) return 'missing';
  if (event.processedAt) return 'already_processed';

  let result: CardEventResult = 'ignored';
  const chargeId = event.kind.startsWith('charge.') ? objectIdOf(event.payload, 'chrg') : undefined;
  const scheduleId = event.kind.startsWith('schedule.') ? objectIdOf(event.payload, 'schd') : undefined;
  const handlers = deps.schedules?.();
  try {
    if (chargeId) {
      const settlement = await refreshCardCharge(deps, chargeId);
      result = settlement.outcome;
      log.info({ eventId: event.eventId, kind: event.kind, chargeId, outcome: settlement.outcome }, 'card event processed');
    } else if (scheduleId && handlers) {
      result = (await handlers.syncSchedule(scheduleId)) ? 'schedule_synced' : 'ignored';
      log.info({ eventId: event.eventId, kind: event.kind, scheduleId, result }, 'card event processed');
    }
  } catch (error) {
    // A charge or schedule the provider refuses to return (not_found) stays unknown however often
    // we ask; anything else (outage, timeout, our own credentials refused) is retried with backoff.
    if (!(error instanceof ProviderError) || !error.rejectedRequest) throw error;
    log.warn(
      { eventId: event.eventId, chargeId, scheduleId, code: error.code },
      'card event names an object the provider refuses to return',
    );
    result = 'unknown_charge';
  }
  await db
    .update(providerEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(providerEvents.id, event.id));
  return result;
}
