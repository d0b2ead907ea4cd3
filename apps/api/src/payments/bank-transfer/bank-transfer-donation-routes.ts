// The bank-transfer donation call of spec §7: records the donation and issues its virtual account;
// the bank's deposit events (bank-transfer-state.ts) settle it.
import { api } from '@kifu/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { donationSubmitRoutes } from '../../donations/donation-route-options';
import { startBankTransferDonation, type BankTransferDonationDeps } from './start-bank-transfer-donation';

export const bankTransferDonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: BankTransferDonationDeps = {
    db: app.db,
    bank: app.bankGateway,
    log: app.log,
    expiryDays: app.config.BANK_TRANSFER_EXPIRY_DAYS,
    metrics: app.metrics,
  };
  donationSubmitRoutes(app)({
    path: '/donation/deposit/',
    scope: 'donation:deposit',
    summary: 'Start a single bank-transfer donation: records it and issues its virtual account',
    body: api.bankTransferDonationRequest,
    response: api.bankTransferDonationResponse,
    start: (request, userId) => startBankTransferDonation(deps, request, userId),
  });
};
