// The donation feature on the app: what settling a payment also changes (reward stock, thank-you
// mail, recurring activation — settle-donation-effects.ts), hooked into both payment state
// machines; the recurring-activation and abandoned-donation jobs; and the donation routes.
// Registered after the card and bank-transfer plugins, whose hooks it uses.
import type { FastifyInstance } from 'fastify';
import { ACTIVATE_RECURRING_DONATION_JOB, activateRecurringDonation } from './activate-recurring-donation';
import { RELEASE_ABANDONED_DONATIONS_JOB, releaseAbandonedDonations } from './release-abandoned-donations';
import { donationRoutes } from './routes';
import { applySettlementEffects } from './settle-donation-effects';

const RELEASE_ABANDONED_EVERY_MS = 5 * 60_000;

export async function donationsPlugin(app: FastifyInstance): Promise<void> {
  app.cardPayments.onSettled((tx, settled) => applySettlementEffects(tx, settled));
  app.bankTransfers.onSettled((tx, settled) => applySettlementEffects(tx, settled));
  app.jobs.handle(ACTIVATE_RECURRING_DONATION_JOB, async (payload) => {
    const recurringDonationId = Number(payload.recurringDonationId);
    if (!Number.isInteger(recurringDonationId)) throw new Error(`${ACTIVATE_RECURRING_DONATION_JOB}: payload has no recurringDonationId`);
    await activateRecurringDonation({ db: app.db, gateway: app.cardPayments.gateway, log: app.log.child({ job: ACTIVATE_RECURRING_DONATION_JOB }) }, recurringDonationId);
  });
  app.jobs.handle(RELEASE_ABANDONED_DONATIONS_JOB, async () => {
    const released = await releaseAbandonedDonations(app.db, app.config.RECONCILE_PENDING_AFTER_MINUTES);
    if (released > 0) app.log.warn({ released }, 'donations whose payment never started were failed');
  });
  app.jobs.every(RELEASE_ABANDONED_DONATIONS_JOB, RELEASE_ABANDONED_EVERY_MS);
  await app.register(donationRoutes);
}
