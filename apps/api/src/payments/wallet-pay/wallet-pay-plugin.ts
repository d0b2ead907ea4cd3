// Wallet pay on the app: the signed gateway against WALLET_API_URL, the wallet routes of spec §7
// and the wallet donation calls (wallet-donation-routes.ts: update, complete, the kept form).
// `app.walletPay.gateway` is also what recurring/ uses to charge each month and to close a
// stopped donation.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHttpWalletGateway } from '../../providers/wallet/wallet-gateway-http';
import { WALLET_PROVIDER, type WalletGateway } from '../../providers/wallet/wallet-gateway';
import { observedGateway } from '../../metrics/observe-provider-calls';
import { walletPayRoutes } from './routes';
import { walletDonationRoutes } from './wallet-donation-routes';

export interface WalletPay {
  gateway: WalletGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    walletPay: WalletPay;
  }
}

export const walletPayPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('walletPay', {
    gateway: observedGateway(createHttpWalletGateway(app.config), WALLET_PROVIDER, app.metrics),
  } satisfies WalletPay);
  await app.register(walletPayRoutes);
  await app.register(walletDonationRoutes);
});
