// Every state change becomes an Omise event (https://docs.opn.ooo/events-api): stored for
// GET /events and pushed, signed, to the merchant's webhook endpoint. Delivery is never awaited:
// the webhook is a hint that may come late, twice or (with fault injection) never, and the request
// that caused the change must not wait for the merchant (providers.md "Reliability rules").
import type { CardDeps, StoredEvent } from './card-store';
import { eventObject } from './card-objects';
import { newId, omiseTime } from './ids';
import { cardWebhookHeaders } from './webhook-signature';

export type CardEventKey =
  | 'charge.create'
  | 'charge.complete'
  | 'charge.capture'
  | 'charge.reverse'
  | 'charge.expire'
  | 'refund.create'
  | 'schedule.create'
  | 'schedule.destroy'
  | 'schedule.suspend'
  | 'schedule.expire';

export function emitEvent({ context, store }: CardDeps, key: CardEventKey, data: unknown): StoredEvent {
  const event: StoredEvent = { id: newId('evnt'), key, created_at: omiseTime(context.clock.now()), data: structuredClone(data) };
  store.events.set(event.id, event);
  const body = JSON.stringify(eventObject(event));
  // The signature timestamp is wall-clock time, not the sandbox clock: receivers compare it with
  // their own clock to refuse replays, and a sandbox clock moved days ahead would fail that check.
  const timestamp = Math.floor(Date.now() / 1000);
  void context.webhooks.deliver({
    provider: 'card',
    url: context.config.CARD_WEBHOOK_URL,
    body,
    headers: cardWebhookHeaders(body, timestamp, context.config.CARD_WEBHOOK_SECRET),
    label: `${key} ${event.id}`,
  });
  return event;
}
