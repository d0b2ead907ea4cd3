import type { Config } from '../../config/env';
import type { WebhookSource } from '../../webhooks/receive-webhooks';
import { acceptedSecrets } from '../signed-webhook';
import { verifyCardWebhook } from './webhook-signature';

export const CARD_EVENT_JOB = 'process-card-event';

/** Omise events: `{object:'event', id:'evnt_…', key:'charge.complete', data}`. */
export function cardWebhookSource(config: Pick<Config, 'CARD_WEBHOOK_SECRET' | 'CARD_WEBHOOK_SECRET_PREVIOUS'>): WebhookSource {
  const secrets = acceptedSecrets(config.CARD_WEBHOOK_SECRET, config.CARD_WEBHOOK_SECRET_PREVIOUS);
  return {
    provider: 'card',
    path: '/webhooks/card/',
    verify: (rawBody, headers) => verifyCardWebhook(rawBody, headers, secrets),
    describe(body) {
      const event = body as { object?: unknown; id?: unknown; key?: unknown };
      if (event?.object !== 'event' || typeof event.id !== 'string' || typeof event.key !== 'string') return undefined;
      return { eventId: event.id, kind: event.key };
    },
    jobKind: CARD_EVENT_JOB,
  };
}
