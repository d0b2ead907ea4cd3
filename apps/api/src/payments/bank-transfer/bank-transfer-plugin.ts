// Bank transfers on the app, from start to settlement: the bank gateway (`app.bankGateway`), the
// bank-transfer donation call (bank-transfer-donation-routes.ts) and the jobs
// (bank-transfer-jobs.ts). Every settlement (paid or expired) applies the donation ledger's effects
// (donations/settle-donation-effects.ts) in its transaction, as a card settlement does.
import fp from 'fastify-plugin';
import { queueBankTransferExpired } from './bank-transfer-mails';
import { applySettlementEffects } from '../../donations/settle-donation-effects';
import { BANK_PROVIDER, type BankGateway } from '../../providers/bank/bank-gateway';
import { observedGateway } from '../../metrics/observe-provider-calls';
import { SandboxBankGateway } from '../../providers/bank/sandbox-bank-gateway';
import { bankTransferDonationRoutes } from './bank-transfer-donation-routes';
import { registerBankTransferJobs } from './bank-transfer-jobs';
import type { ApplyBankAccountOptions } from './bank-transfer-state';

type SettledListener = NonNullable<ApplyBankAccountOptions['afterSettle']>;

export interface BankTransfers {
  /** Runs `listener` inside every transaction that settles a transfer (paid or expired), in order. */
  onSettled(listener: SettledListener): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    bankGateway: BankGateway;
    /** Work that commits with a settlement; the donation ledger's effects (reward stock, thank-you mail) come first. */
    bankTransfers: BankTransfers;
  }
}

/** Registered after the jobs plugin; fastify-plugin so `app.bankGateway` is visible app-wide. */
export const bankTransferPlugin = fp(
  async (app) => {
    const bank = observedGateway(new SandboxBankGateway(app.config), BANK_PROVIDER, app.metrics);
    const listeners: SettledListener[] = [
      (tx, settled) => applySettlementEffects(tx, settled, { mailLinks: app.mailLinks, metrics: app.metrics }),
      // Expired unpaid: say so, and offer the card instead (ADR 035).
      async (tx, settled) => {
        if (settled.status === 'expired') await queueBankTransferExpired(tx, settled.donationId, app.mailLinks);
      },
    ];
    app.decorate('bankGateway', bank);
    app.decorate('bankTransfers', { onSettled: (listener) => void listeners.push(listener) } satisfies BankTransfers);
    registerBankTransferJobs(app, bank, {
      afterSettle: async (tx, settled, account) => {
        for (const listener of listeners) await listener(tx, settled, account);
      },
    });
    await app.register(bankTransferDonationRoutes);
  },
  { name: 'bank-transfer' },
);
