// The wallet pay emulator (Amazon Pay Checkout v2-like, providers.md "Wallet pay"), mounted at
// /wallet: the buyer's pages and checkout.js (provider-page.ts) and the merchant's signed API
// (provider-api.ts) over one in-memory store that POST /__control/reset empties. Outside Amazon's
// protocol, POST /wallet/__payment-history holds charges made before the sandbox started
// (past-charges.ts, ADR 072): {payments: [{id, amount, paid_at, refunded_amount}]}, idempotent by id.
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions } from '../shared/context';
import { walletErrors } from './errors';
import { renderWalletIndexSection, walletStores } from './index-section';
import { providerApi } from './provider-api';
import { errorPage } from './provider-page-html';
import { html, providerPages } from './provider-page';
import { pastChargesRoute } from './past-charges';
import { WalletStore } from './session-store';
import type { WalletContext } from './wallet-context';

export async function walletEmulator(app: FastifyInstance, options: EmulatorOptions) {
  const store = new WalletStore();
  walletStores.set(options.context, store);
  options.onReset(() => store.clear());
  const wallet: WalletContext = { context: options.context, store, mountPath: app.prefix };

  // Amazon's paths: /v2/… for environment-specific key ids (SANDBOX-…), /sandbox/v2/… otherwise.
  await app.register(async (api) => providerApi(api, wallet), { prefix: '/v2' });
  await app.register(async (api) => providerApi(api, wallet), { prefix: '/sandbox/v2' });
  await app.register(async (pages) => providerPages(pages, wallet));
  // Beside the signed API, not in it: a sandbox call takes no signature and never fails on purpose.
  await app.register(async (control) => pastChargesRoute(control, wallet));

  app.setNotFoundHandler((request, reply) => {
    if (request.url.includes('/v2/')) return reply.code(404).send(walletErrors.notFound('Path', request.url.split('?')[0]!).body);
    return html(reply, 404, errorPage('Not found', `${request.method} ${request.url.split('?')[0]} is not a wallet page.`));
  });
}

/** The emulator's part of the sandbox index page (HTML). */
export function walletIndexSection({ context }: Pick<EmulatorOptions, 'context'>): string {
  return renderWalletIndexSection(context);
}
