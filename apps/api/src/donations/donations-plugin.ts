// The donation ledger on the app: the form's calls around a submission (status, kept form,
// duplicate check, submission log), surveys and messages after the gift, and the clean-up of
// expired form states and idempotency keys. Each payment method registers its own donation calls
// and applies the ledger's settlement effects (payments/<method>/); recurring/ runs later charges.
import type { FastifyInstance } from 'fastify';
import { CLEAN_UP_EXPIRED_JOB, cleanUpExpired } from './clean-up-expired';
import { donationFormRoutes } from './donation-form-routes';
import { donationMessageRoutes } from './donation-message-routes';
import { surveyRoutes } from './survey-routes';

const CLEAN_UP_EVERY_MS = 60 * 60_000;

export async function donationsPlugin(app: FastifyInstance): Promise<void> {
  app.jobs.handle(CLEAN_UP_EXPIRED_JOB, async () => {
    const deleted = await cleanUpExpired(app.db);
    if (deleted.formStates + deleted.idempotencyKeys > 0)
      app.log.info(deleted, 'expired donation form states and idempotency keys deleted');
  });
  app.jobs.every(CLEAN_UP_EXPIRED_JOB, CLEAN_UP_EVERY_MS);
  await app.register(donationFormRoutes);
  await app.register(surveyRoutes);
  await app.register(donationMessageRoutes);
}
