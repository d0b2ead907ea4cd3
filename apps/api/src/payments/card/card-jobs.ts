// The card payment jobs: `process-card-event` for each stored webhook event (enqueued by the
// webhook inbox), the periodic `reconcile-card-charges` and `report-unowned-card-charges`.
import type { FastifyInstance } from 'fastify';
import { countReconciliation } from '../../metrics/api-metrics';
import { CARD_EVENT_JOB } from '../../providers/card/webhook-source';
import { processCardEvent } from './process-card-event';
import { reconcileCardCharges, reportUnownedCharges } from './reconcile-card-charges';
import type { CardPaymentDeps } from './refresh-card-charge';

export const RECONCILE_CARD_CHARGES_JOB = 'reconcile-card-charges';
const RECONCILE_EVERY_MS = 60_000;
export const REPORT_UNOWNED_CARD_CHARGES_JOB = 'report-unowned-card-charges';
const REPORT_UNOWNED_EVERY_MS = 60 * 60_000;

export function registerCardJobs(app: FastifyInstance, deps: CardPaymentDeps): void {
  app.jobs.handle(CARD_EVENT_JOB, async (payload) => {
    const providerEventId = Number(payload.providerEventId);
    if (!Number.isInteger(providerEventId)) throw new Error(`${CARD_EVENT_JOB}: payload has no providerEventId`);
    await processCardEvent({ ...deps, log: app.log.child({ job: CARD_EVENT_JOB }) }, providerEventId);
  });
  app.jobs.handle(RECONCILE_CARD_CHARGES_JOB, async () => {
    const result = await reconcileCardCharges(
      { ...deps, log: app.log.child({ job: RECONCILE_CARD_CHARGES_JOB }) },
      app.config.RECONCILE_PENDING_AFTER_MINUTES,
    );
    countReconciliation(app.metrics, 'card_charges', { ...result });
  });
  app.jobs.every(RECONCILE_CARD_CHARGES_JOB, RECONCILE_EVERY_MS);
  app.jobs.handle(REPORT_UNOWNED_CARD_CHARGES_JOB, async () => {
    const reported = await reportUnownedCharges(
      { ...deps, log: app.log.child({ job: REPORT_UNOWNED_CARD_CHARGES_JOB }) },
      app.config.RECONCILE_PENDING_AFTER_MINUTES,
    );
    countReconciliation(app.metrics, 'unowned_card_charges', { reported: reported.length });
  });
  app.jobs.every(REPORT_UNOWNED_CARD_CHARGES_JOB, REPORT_UNOWNED_EVERY_MS);
}
