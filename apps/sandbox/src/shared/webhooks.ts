// Webhook delivery as providers do it: POST the JSON body with the provider's signature headers,
// retry a few times when the receiver does not answer 2xx, and let fault injection drop a delivery
// entirely (the API must then settle through its status poll or reconciliation job).
import type { ActivityLog, ActivityEntry } from './activity';
import type { Faults } from './faults';

export interface WebhookDelivery {
  provider: ActivityEntry['provider'];
  url: string;
  /** The exact bytes that were signed; sent unchanged. */
  body: string;
  headers: Record<string, string>;
  /** A short label for the activity log, e.g. the event key. */
  label: string;
}

export type DeliveryOutcome = 'delivered' | 'dropped' | 'failed';

export class WebhookSender {
  constructor(
    private readonly faults: Faults,
    private readonly activity: ActivityLog,
    private readonly retryDelaysMs: readonly number[] = [200, 1_000, 5_000],
  ) {}

  /** Resolves once delivered or given up; callers usually do not wait for it. */
  async deliver(delivery: WebhookDelivery): Promise<DeliveryOutcome> {
    if (this.faults.shouldDropWebhook()) {
      this.activity.record(delivery.provider, 'webhook dropped (fault injection)', delivery.label);
      return 'dropped';
    }
    for (let attempt = 0; attempt <= this.retryDelaysMs.length; attempt++) {
      if (attempt > 0) await new Promise((done) => setTimeout(done, this.retryDelaysMs[attempt - 1]));
      try {
        const response = await fetch(delivery.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...delivery.headers },
          body: delivery.body,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) {
          this.activity.record(delivery.provider, 'webhook delivered', `${delivery.label} → ${response.status}`);
          return 'delivered';
        }
        this.activity.record(delivery.provider, 'webhook refused', `${delivery.label} → ${response.status}`);
      } catch (error) {
        this.activity.record(delivery.provider, 'webhook unreachable', `${delivery.label}: ${(error as Error).message}`);
      }
    }
    return 'failed';
  }
}
