// Wallet pay on the app: the signed gateway against WALLET_API_URL and the wallet routes of spec §7.
// `app.walletPay.gateway` is what the donation feature (issue 4) uses to update and complete a
// checkout, and the recurring job to charge each month and to close a stopped donation.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHttpWalletGateway } from '../../providers/wallet/wallet-gateway-http';
import type { WalletGateway } from '../../providers/wallet/wallet-gateway';
import { walletPayRoutes } from './routes';

export interface WalletPay {
  gateway: WalletGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    walletPay: WalletPay;
  }
}

export const walletPayPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('walletPay', { gateway: createHttpWalletGateway(app.config) } satisfies WalletPay);
  await app.register(walletPayRoutes);
});
