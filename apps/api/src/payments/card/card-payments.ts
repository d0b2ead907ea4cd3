// Card payments on the app: the gateway (the omise SDK against CARD_API_URL), the two jobs and
// the card routes of spec §7. `app.cardPayments` is what the donation feature (issue 4) uses to
// charge, to poll a charge after 3-D Secure (`refresh`) and to add work that must commit with a
// settlement (`onSettled`: reward stock, campaign totals, receipts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CardCharge, CardGateway } from '../../providers/card/card-gateway';
import { createOmiseCardGateway } from '../../providers/card/omise-card-gateway';
import { cardRecurringRoutes } from '../card-recurring-routes';
import { paymentRoutes } from '../routes';
import { settleCardCharge, type CardSettlement, type SettleOptions } from './card-payment-state';
import { registerCardJobs } from './card-jobs';
import { refreshCardCharge, type CardPaymentDeps, type ScheduleHandlers } from './refresh-card-charge';

type SettledListener = NonNullable<SettleOptions['afterSettle']>;

export interface CardPayments {
  gateway: CardGateway;
  /** Runs `listener` inside every settling transaction, in registration order. */
  onSettled(listener: SettledListener): void;
  /** Retrieves the charge and settles its donation (webhook, poll and reconciliation alike). */
  refresh(chargeId: string): Promise<CardSettlement>;
  /** Settles with a charge the gateway itself just answered (e.g. createCharge's reply): no re-fetch needed. */
  settle(charge: CardCharge): Promise<CardSettlement>;
  /** Who records the charges of recurring schedules and follows their state (the donation feature). */
  handleSchedules(handlers: ScheduleHandlers): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    cardPayments: CardPayments;
  }
}

export const cardPaymentsPlugin = fp(async (app: FastifyInstance) => {
  const gateway = createOmiseCardGateway(app.config);
  const listeners: SettledListener[] = [];
  let scheduleHandlers: ScheduleHandlers | undefined;
  const deps: CardPaymentDeps = {
    schedules: () => scheduleHandlers,
    db: app.db,
    gateway,
    afterSettle: async (tx, settled, charge) => {
      for (const listener of listeners) await listener(tx, settled, charge);
    },
  };
  app.decorate('cardPayments', {
    gateway,
    onSettled: (listener) => void listeners.push(listener),
    refresh: (chargeId) => refreshCardCharge(deps, chargeId),
    settle: (charge) => settleCardCharge(app.db, charge, { afterSettle: deps.afterSettle }),
    handleSchedules: (handlers) => {
      scheduleHandlers = handlers;
    },
  } satisfies CardPayments);
  registerCardJobs(app, deps);
  await app.register(paymentRoutes);
  await app.register(cardRecurringRoutes);
});
