// Recurring donations after their first payment, on the app: the card schedules' charges
// (recorded as they come, app.cardPayments.handleSchedules) and their reconciliation, the
// activation of a recurring donation once its first payment is paid (queued by the donation
// ledger's settlement effects), and the monthly wallet pay charge, which Kifu makes itself.
// Registered after the payment plugins, whose gateways and hooks it uses.
import type { FastifyInstance } from 'fastify';
import { ACTIVATE_RECURRING_DONATION_JOB } from '../donations/settle-donation-effects';
import { enqueueJob, JOB_PRIORITY } from '../jobs/enqueue-job';
import { countReconciliation } from '../metrics/api-metrics';
import { periodicDedupeKey } from '../jobs/job-worker';
import { activateRecurringDonation } from './activate-recurring-donation';
import { CHARGE_WALLET_RECURRING_JOB, chargeWalletRecurringDonations } from './charge-wallet-recurring';
import { RECONCILE_CARD_SCHEDULES_JOB, reconcileCardSchedules } from './reconcile-card-schedules';
import { recordScheduledCharge, syncSchedule, type ScheduledChargeDeps } from './record-scheduled-charge';
import { reactivateSuspended, RETRY_DUE_CHARGE_JOB } from './reactivate-recurring';
import { remindExpiringCards } from './recurring-mails';
import { recurringSupportRoutes } from './recurring-support-routes';
import { guestRecurringRoutes } from './guest-recurring-routes';
import { retryDueCharge } from './retry-due-charge';
import { REPLACE_CARD_SCHEDULE_JOB, requeueStaleReplacements, runScheduleReplacementJob } from './replace-card-schedule';

/** Occurrences are due by date in Japan; hourly picks each up on its day. */
const CHARGE_WALLET_RECURRING_EVERY_MS = 60 * 60_000;
/** The provider runs schedules once a day; hourly finds a lost webhook's month the same day. */
const RECONCILE_SCHEDULES_EVERY_MS = 60 * 60_000;
const REMIND_EXPIRING_CARDS_JOB = 'remind-expiring-cards';
/** Once a day: the notice goes a month ahead, a day either way does not matter. */
const REMIND_EXPIRING_CARDS_EVERY_MS = 24 * 60 * 60_000;

export async function recurringPlugin(app: FastifyInstance): Promise<void> {
  const scheduled: ScheduledChargeDeps = {
    db: app.db,
    gateway: app.cardPayments.gateway,
    log: app.log.child({ feature: 'card-schedules' }),
    mailLinks: app.mailLinks,
    metrics: app.metrics,
  };
  app.cardPayments.handleSchedules({
    recordCharge: (charge) => recordScheduledCharge(scheduled, charge),
    syncSchedule: async (scheduleId) => syncSchedule(scheduled, await scheduled.gateway.retrieveSchedule(scheduleId)),
  });
  app.jobs.handle(RECONCILE_CARD_SCHEDULES_JOB, async () => {
    const result = await reconcileCardSchedules({ ...scheduled, log: app.log.child({ job: RECONCILE_CARD_SCHEDULES_JOB }) });
    countReconciliation(app.metrics, 'card_schedules', { ...result });
    await requeueStaleReplacements(app.db);
  });
  app.jobs.handle(REPLACE_CARD_SCHEDULE_JOB, async (payload) => {
    const recurringDonationId = Number(payload.recurringDonationId);
    if (!Number.isInteger(recurringDonationId)) throw new Error(`${REPLACE_CARD_SCHEDULE_JOB}: payload has no recurringDonationId`);
    await runScheduleReplacementJob({ ...scheduled, log: app.log.child({ job: REPLACE_CARD_SCHEDULE_JOB }) }, recurringDonationId);
  });
  app.jobs.handle(RETRY_DUE_CHARGE_JOB, async (payload) => {
    const donationId = Number(payload.donationId);
    if (!Number.isInteger(donationId)) throw new Error(`${RETRY_DUE_CHARGE_JOB}: payload has no donationId`);
    await retryDueCharge(
      {
        db: app.db,
        gateway: app.cardPayments.gateway,
        settle: (charge) => app.cardPayments.settle(charge),
        log: app.log.child({ job: RETRY_DUE_CHARGE_JOB }),
      },
      donationId,
    );
  });
  // A signed-in supporter's new card: what a failed card suspended goes on (ADR 034).
  app.cardPayments.onCardReplaced((event) => reactivateSuspended(app.db, { ...event, actor: 'supporter' }));
  app.jobs.handle(REMIND_EXPIRING_CARDS_JOB, async () => {
    await remindExpiringCards({ db: app.db, gateway: app.cardPayments.gateway, links: app.mailLinks });
  });
  app.jobs.every(REMIND_EXPIRING_CARDS_JOB, REMIND_EXPIRING_CARDS_EVERY_MS);
  await app.register(recurringSupportRoutes);
  await app.register(guestRecurringRoutes);
  app.jobs.every(RECONCILE_CARD_SCHEDULES_JOB, RECONCILE_SCHEDULES_EVERY_MS);
  app.jobs.handle(ACTIVATE_RECURRING_DONATION_JOB, async (payload) => {
    const recurringDonationId = Number(payload.recurringDonationId);
    if (!Number.isInteger(recurringDonationId)) throw new Error(`${ACTIVATE_RECURRING_DONATION_JOB}: payload has no recurringDonationId`);
    await activateRecurringDonation(
      { db: app.db, gateway: app.cardPayments.gateway, log: app.log.child({ job: ACTIVATE_RECURRING_DONATION_JOB }) },
      recurringDonationId,
    );
  });
  app.jobs.handle(CHARGE_WALLET_RECURRING_JOB, async () => {
    const result = await chargeWalletRecurringDonations({
      db: app.db,
      gateway: app.walletPay.gateway,
      log: app.log.child({ job: CHARGE_WALLET_RECURRING_JOB }),
      mailLinks: app.mailLinks,
      metrics: app.metrics,
      batch: app.config.WALLET_RECURRING_BATCH,
    });
    // The next batch as the periodic copy of this job, so the hourly timer does not add another.
    if (result.more)
      await enqueueJob(app.db, {
        kind: CHARGE_WALLET_RECURRING_JOB,
        dedupeKey: periodicDedupeKey(CHARGE_WALLET_RECURRING_JOB),
        maxAttempts: 1,
        priority: JOB_PRIORITY.charges,
      });
  });
  // The run's first batch at the charges' priority too: queued at the default, it waited behind
  // the last run's thank-you mails (ADR 082).
  app.jobs.every(CHARGE_WALLET_RECURRING_JOB, CHARGE_WALLET_RECURRING_EVERY_MS, JOB_PRIORITY.charges);
}
