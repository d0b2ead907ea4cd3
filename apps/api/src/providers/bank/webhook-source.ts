import type { Config } from '../../config/env';
import type { WebhookSource } from '../../webhooks/receive-webhooks';
import { acceptedSecrets } from '../signed-webhook';
import { verifyBankWebhook } from './webhook-signature';

export const BANK_EVENT_JOB = 'process-bank-event';

/** Bank events: `{id:'evt_…', type:'virtual_account.deposited', created_at, data}`. */
export function bankWebhookSource(config: Pick<Config, 'BANK_WEBHOOK_SECRET' | 'BANK_WEBHOOK_SECRET_PREVIOUS'>): WebhookSource {
  const secrets = acceptedSecrets(config.BANK_WEBHOOK_SECRET, config.BANK_WEBHOOK_SECRET_PREVIOUS);
  return {
    provider: 'bank',
    path: '/webhooks/bank/',
    verify: (rawBody, headers) => verifyBankWebhook(rawBody, headers, secrets),
    describe(body) {
      const event = body as { id?: unknown; type?: unknown };
      if (typeof event?.id !== 'string' || typeof event.type !== 'string') return undefined;
      return { eventId: event.id, kind: event.type };
    },
    jobKind: BANK_EVENT_JOB,
  };
}
