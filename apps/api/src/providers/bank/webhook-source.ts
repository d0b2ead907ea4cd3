import type { Config } from '../../config/env';
import type { WebhookSource } from '../../webhooks/receive-webhooks';
import { verifyBankWebhook } from './webhook-signature';

export const BANK_EVENT_JOB = 'process-bank-event';

/** Bank events: `{id:'evt_…', type:'virtual_account.deposited', created_at, data}`. */
export function bankWebhookSource(config: Pick<Config, 'BANK_WEBHOOK_SECRET'>): WebhookSource {
  return {
    provider: 'bank',
    path: '/webhooks/bank/',
    verify: (rawBody, headers) => verifyBankWebhook(rawBody, headers, config.BANK_WEBHOOK_SECRET),
    describe(body) {
      const event = body as { id?: unknown; type?: unknown };
      if (typeof event?.id !== 'string' || typeof event.type !== 'string') return undefined;
      return { eventId: event.id, kind: event.type };
    },
    jobKind: BANK_EVENT_JOB,
  };
}
