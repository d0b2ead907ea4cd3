// The provider sandbox: each third party Kifu talks to, emulated over real HTTP (architecture.md §1,
// providers.md). The card gateway sits at the root because the official Omise SDK builds its paths
// from the host alone (/tokens, /charges, …); the others live under their own prefix.
import Fastify, { type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import { loadSandboxConfig, type SandboxConfig } from './config/env';
import { createSandboxContext, type ContextOptions, type SandboxContext } from './shared/context';
import { controlRoutes } from './shared/control-routes';
import { postalRoutes } from './postal/routes';
import { cardEmulator } from './card/index';
import { walletEmulator } from './wallet/index';
import { bankEmulator } from './bank/index';
import { botcheckEmulator } from './botcheck/index';
import { mailEmulator } from './mail/index';
import { oidcEmulator } from './oidc/index';
import { storageEmulator } from './storage/index';
import { errorTrackingEmulator } from './error-tracking/index';
import { indexPage } from './index-page';

export interface SandboxOptions extends ContextOptions {
  config?: SandboxConfig;
  fastify?: FastifyServerOptions;
}

export async function buildSandbox(options: SandboxOptions = {}) {
  const config = options.config ?? loadSandboxConfig({});
  const context: SandboxContext = createSandboxContext(config, options);
  const resets: (() => void)[] = [];
  const emulator = { context, onReset: (reset: () => void) => resets.push(reset) };

  // Close idle and half-open client sockets on close(): a client that timed out on purpose
  // (fault injection) must not keep a test's sandbox from shutting down.
  const app = Fastify({ forceCloseConnections: true, ...options.fastify });
  app.decorate('sandbox', context);
  await app.register(formbody);
  await app.register(postalRoutes, { prefix: '/postal' });
  await app.register(cardEmulator, emulator);
  await app.register(walletEmulator, { ...emulator, prefix: '/wallet' });
  await app.register(bankEmulator, { ...emulator, prefix: '/bank' });
  await app.register(botcheckEmulator, { ...emulator, prefix: '/recaptcha' });
  await app.register(storageEmulator, { ...emulator, prefix: '/storage' });
  await app.register(errorTrackingEmulator, { ...emulator, prefix: '/error-tracking' });
  // Not under a prefix: fastify-plugin-less, its routes carry their own /mailbox paths and its decorator must reach the app.
  await mailEmulator(app, emulator);
  await oidcEmulator(app, emulator);
  await app.register(controlRoutes, { context, resets, prefix: '/__control' });
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(indexPage(context)));
  app.get('/health', async () => ({ status: 'ok' }));
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    sandbox: SandboxContext;
  }
}
