// Card payments on the app, from start to settlement: the gateway (the omise SDK against
// CARD_API_URL), the card donation calls (card-donation-routes.ts), the two jobs and the card
// customer routes of spec §7. Every settlement applies the donation ledger's effects
// (donations/settle-donation-effects.ts) in its transaction. `app.cardPayments` is what the status
// poll uses after 3-D Secure (`refresh`), what recurring/ uses for schedules (`handleSchedules`),
// and where more work that must commit with a settlement is added (`onSettled`).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CardCharge, CardGateway } from '../../providers/card/card-gateway';
import { createOmiseCardGateway } from '../../providers/card/omise-card-gateway';
import { CARD_PROVIDER } from '../../providers/card/omise-error';
import { observedGateway } from '../../metrics/observe-provider-calls';
import { applySettlementEffects } from '../../donations/settle-donation-effects';
import { cardDonationRoutes } from './card-donation-routes';
import { cardRecurringRoutes } from './card-recurring-routes';
import { paymentRoutes } from './card-customer-routes';
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
  /** Who records the charges of recurring schedules and follows their state (recurring/). */
  handleSchedules(handlers: ScheduleHandlers): void;
  /** Runs `listener` after a signed-in supporter's new card became their customer's default (recurring/ re-activates what a failed card suspended). */
  onCardReplaced(listener: CardReplacedListener): void;
  /** Tells the listeners (card-customer-routes.ts, after /payment/credit). */
  cardReplaced(event: CardReplaced): Promise<void>;
}

export interface CardReplaced {
  userId: number;
  customerId: string;
}
export type CardReplacedListener = (event: CardReplaced) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    cardPayments: CardPayments;
  }
}

export const cardPaymentsPlugin = fp(async (app: FastifyInstance) => {
  const gateway = observedGateway(createOmiseCardGateway(app.config), CARD_PROVIDER, app.metrics);
  const listeners: SettledListener[] = [
    (tx, settled) => applySettlementEffects(tx, settled, { mailLinks: app.mailLinks, metrics: app.metrics }),
  ];
  let scheduleHandlers: ScheduleHandlers | undefined;
  const cardListeners: CardReplacedListener[] = [];
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
    onCardReplaced: (listener) => void cardListeners.push(listener),
    async cardReplaced(event) {
      for (const listener of cardListeners) await listener(event);
    },
  } satisfies CardPayments);
  registerCardJobs(app, deps);
  await app.register(cardDonationRoutes);
  await app.register(paymentRoutes);
  await app.register(cardRecurringRoutes);
});
