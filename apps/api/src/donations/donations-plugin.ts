// The donation feature on the app: what settling a payment also changes (reward stock, thank-you
// mail, recurring activation — settle-donation-effects.ts), hooked into both payment state
// machines; the recurring-activation, abandoned-donation (card, bank, expired wallet checkouts),
// monthly wallet charge and clean-up jobs; and the donation routes.
// Registered after the card and bank-transfer plugins, whose hooks it uses.
import type { FastifyInstance } from 'fastify';
import { ACTIVATE_RECURRING_DONATION_JOB, activateRecurringDonation } from './activate-recurring-donation';
import { CHARGE_WALLET_RECURRING_JOB, chargeWalletRecurringDonations } from './charge-wallet-recurring';
import { CLEAN_UP_EXPIRED_JOB, cleanUpExpired } from './clean-up-expired';
import { RELEASE_ABANDONED_DONATIONS_JOB, releaseAbandonedDonations, releaseAbandonedWalletDonations } from './release-abandoned-donations';
import { RECONCILE_CARD_SCHEDULES_JOB, reconcileCardSchedules } from './reconcile-card-schedules';
import { recordScheduledCharge, syncSchedule, type ScheduledChargeDeps } from './record-scheduled-charge';
import { donationRoutes } from './routes';
import { applySettlementEffects } from './settle-donation-effects';

const RELEASE_ABANDONED_EVERY_MS = 5 * 60_000;
/** Occurrences are due by date in Japan; hourly picks each up on its day. */
const CHARGE_WALLET_RECURRING_EVERY_MS = 60 * 60_000;
const CLEAN_UP_EVERY_MS = 60 * 60_000;
/** The provider runs schedules once a day; hourly finds a lost webhook's month the same day. */
const RECONCILE_SCHEDULES_EVERY_MS = 60 * 60_000;

export async function donationsPlugin(app: FastifyInstance): Promise<void> {
  app.cardPayments.onSettled((tx, settled) => applySettlementEffects(tx, settled));
  app.bankTransfers.onSettled((tx, settled) => applySettlementEffects(tx, settled));
  const scheduled: ScheduledChargeDeps = { db: app.db, gateway: app.cardPayments.gateway, log: app.log.child({ feature: 'card-schedules' }) };
  app.cardPayments.handleSchedules({
    recordCharge: (charge) => recordScheduledCharge(scheduled, charge),
    syncSchedule: async (scheduleId) => syncSchedule(scheduled, await scheduled.gateway.retrieveSchedule(scheduleId)),
  });
  app.jobs.handle(RECONCILE_CARD_SCHEDULES_JOB, async () => {
    await reconcileCardSchedules({ ...scheduled, log: app.log.child({ job: RECONCILE_CARD_SCHEDULES_JOB }) });
  });
  app.jobs.every(RECONCILE_CARD_SCHEDULES_JOB, RECONCILE_SCHEDULES_EVERY_MS);
  app.jobs.handle(ACTIVATE_RECURRING_DONATION_JOB, async (payload) => {
    const recurringDonationId = Number(payload.recurringDonationId);
    if (!Number.isInteger(recurringDonationId)) throw new Error(`${ACTIVATE_RECURRING_DONATION_JOB}: payload has no recurringDonationId`);
    await activateRecurringDonation({ db: app.db, gateway: app.cardPayments.gateway, log: app.log.child({ job: ACTIVATE_RECURRING_DONATION_JOB }) }, recurringDonationId);
  });
  app.jobs.handle(RELEASE_ABANDONED_DONATIONS_JOB, async () => {
    const released = await releaseAbandonedDonations(app.db, app.config.RECONCILE_PENDING_AFTER_MINUTES);
    if (released > 0) app.log.warn({ released }, 'donations whose payment never started were failed');
    const expired = await releaseAbandonedWalletDonations(app.db);
    if (expired > 0) app.log.warn({ expired }, 'wallet donations whose checkout expired were failed');
  });
  app.jobs.every(RELEASE_ABANDONED_DONATIONS_JOB, RELEASE_ABANDONED_EVERY_MS);
  app.jobs.handle(CHARGE_WALLET_RECURRING_JOB, async () => {
    await chargeWalletRecurringDonations({ db: app.db, gateway: app.walletPay.gateway, log: app.log.child({ job: CHARGE_WALLET_RECURRING_JOB }) });
  });
  app.jobs.every(CHARGE_WALLET_RECURRING_JOB, CHARGE_WALLET_RECURRING_EVERY_MS);
  app.jobs.handle(CLEAN_UP_EXPIRED_JOB, async () => {
    const deleted = await cleanUpExpired(app.db);
    if (deleted.formStates + deleted.idempotencyKeys > 0) app.log.info(deleted, 'expired donation form states and idempotency keys deleted');
  });
  app.jobs.every(CLEAN_UP_EXPIRED_JOB, CLEAN_UP_EVERY_MS);
  await app.register(donationRoutes);
}
