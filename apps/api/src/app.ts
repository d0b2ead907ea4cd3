// The API as a Fastify plugin (conventions.md #2): `appPlugin` wires everything onto an
// instance, `buildApp` makes a configured instance for server.ts and for tests (app.inject()).
// Nothing here listens or opens the database.
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import { accountRoutes } from './accounts/routes';
import { associateRoutes } from './associates/routes';
import { campaignItemRoutes } from './campaigns/manage/item-routes';
import { campaignManageRoutes } from './campaigns/manage/manage-routes';
import { campaignReportRoutes } from './campaigns/manage/report-routes';
import { campaignRoutes } from './campaigns/routes';
import type { Config } from './config/env';
import type { DatabaseHandle } from './db/client';
import { readinessPlugin } from './health/readiness';
import { healthRoutes } from './health/routes';
import { mediaRoutes } from './media/routes';
import { contextPlugin } from './plugins/context';
import { metricsPlugin } from './metrics/metrics-plugin';
import { clientAddressPlugin } from './plugins/client-address';
import { errorsPlugin } from './plugins/errors';
import { loggerOptions } from './plugins/log-redaction';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestIdOptions, requestIdPlugin } from './plugins/request-id';
import { sampledRequestLog } from './plugins/request-log';
import { swaggerPlugin } from './plugins/swagger';
import { serializerCompiler, validatorCompiler } from './plugins/zod';
import { portfolioRoutes } from './portfolios/routes';
import { siteConfigRoutes } from './site-config/routes';
import { jobsPlugin } from './plugins/jobs';
import { publicReadCachePlugin } from './plugins/public-read-cache';
import { publicPagesPlugin } from './public-pages/refresh-public-pages';
import { authPlugin } from './plugins/auth';
import { webhookRoutes } from './webhooks/receive-webhooks';
import { cardPaymentsPlugin } from './payments/card/card-payments';
import { bankTransferPlugin } from './payments/bank-transfer/bank-transfer-plugin';
import { walletPayPlugin } from './payments/wallet-pay/wallet-pay-plugin';
import { cardWebhookSource } from './providers/card/webhook-source';
import { bankWebhookSource } from './providers/bank/webhook-source';
import { donationsPlugin } from './donations/donations-plugin';
import { mailPlugin } from './mail/mail-plugin';
import { abandonedDonationsPlugin } from './payments/release-abandoned-donations';
import { recurringPlugin } from './recurring/recurring-plugin';
import { receiptsPlugin } from './receipts/receipts-plugin';
import { myPageRoutes } from './my-page/my-page-routes';
import { consoleRoutes } from './console/console-routes';
import { associateApplicationRoutes } from './associate-applications/routes';
import { registerSendDemoPayments } from './seed/send-demo-payments';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where logs go instead of stdout (a test reads them). */
  logStream?: DestinationStream;
}

export const appPlugin = fp<AppOptions>(async (app, options) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(contextPlugin, options);
  // First after the context: every later plugin may count, every route's answer is timed, and its
  // access check sees the request before client-address.ts strips the forwarding headers.
  await app.register(metricsPlugin);
  // Before the plugins that add what readiness waits for (Redis in rate-limit.ts).
  await app.register(readinessPlugin);
  await app.register(clientAddressPlugin);
  await app.register(errorsPlugin);
  await app.register(requestIdPlugin);
  await app.register(cookie);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(publicReadCachePlugin, { listen: options.database.listen });
  await app.register(jobsPlugin, { listen: options.database.listen });
  // Swagger collects routes as they are added, so it comes before them.
  await app.register(swaggerPlugin);
  await app.register(healthRoutes);
  await app.register(mediaRoutes);
  // The public reads: the same for every anonymous caller, kept a minute (plugins/public-read-cache.ts).
  await app.register(async (cached) => {
    app.publicReadCache.cacheable(cached);
    await cached.register(associateRoutes);
    await cached.register(campaignRoutes);
    await cached.register(portfolioRoutes);
    await cached.register(siteConfigRoutes);
  });
  await app.register(campaignManageRoutes);
  await app.register(campaignItemRoutes);
  await app.register(campaignReportRoutes);
  await app.register(cardPaymentsPlugin);
  await app.register(bankTransferPlugin);
  await app.register(walletPayPlugin);
  await app.register(abandonedDonationsPlugin);
  await app.register(recurringPlugin);
  await app.register(donationsPlugin);
  await app.register(publicPagesPlugin);
  await app.register(mailPlugin);
  await app.register(accountRoutes);
  await app.register(myPageRoutes);
  await app.register(consoleRoutes);
  await app.register(associateApplicationRoutes);
  await app.register(receiptsPlugin);
  registerSendDemoPayments(app);
  await app.register(webhookRoutes, { sources: [cardWebhookSource(options.config), bankWebhookSource(options.config)] });
});

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.config.LOG_LEVEL, options.logStream),
    trustProxy: options.config.TRUST_PROXY,
    // The answers worth reading, one line each (ADR 080).
    logController: sampledRequestLog(options.config.REQUEST_LOG_SAMPLE_RATE),
    ...requestIdOptions,
  });
  await app.register(appPlugin, options);
  return app;
}
