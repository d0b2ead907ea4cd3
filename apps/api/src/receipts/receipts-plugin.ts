// Receipts on the app: their routes, the job that builds receipt ZIPs and the sweep that deletes
// expired ones.
import type { FastifyInstance } from 'fastify';
import { BUILD_RECEIPT_BUNDLE_JOB, buildBundle, SWEEP_RECEIPT_BUNDLES_JOB, sweepExpiredBundles } from './receipt-bundles';
import { receiptRoutes } from './receipt-routes';

const SWEEP_EVERY_MS = 60 * 60_000;

export async function receiptsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(receiptRoutes);
  app.jobs.handle(BUILD_RECEIPT_BUNDLE_JOB, async (payload, job) => {
    const bundleId = Number(payload.bundleId);
    if (!Number.isInteger(bundleId)) throw new Error(`${BUILD_RECEIPT_BUNDLE_JOB}: payload has no bundleId`);
    await buildBundle(app.db, app.fileStorage, bundleId, job.attempts >= job.maxAttempts);
  });
  app.jobs.handle(SWEEP_RECEIPT_BUNDLES_JOB, async () => {
    await sweepExpiredBundles(app.db, app.fileStorage);
  });
  app.jobs.every(SWEEP_RECEIPT_BUNDLES_JOB, SWEEP_EVERY_MS);
}
