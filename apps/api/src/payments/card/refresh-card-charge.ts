// Retrieve, then settle: the one way a card donation changes state, whoever noticed first — the
// webhook job, the reconciliation job, or the supporter's status poll after 3-D Secure. A charge
// the provider's schedule made (a later cycle of a recurring gift) has no donation yet: it goes to
// the schedule handlers the donation feature registers (app.cardPayments.handleSchedules).
import type { Database } from '../../db/client';
import type { CardCharge, CardGateway } from '../../providers/card/card-gateway';
import { settleCardCharge, type CardSettlement, type SettleOptions } from './card-payment-state';

export interface ScheduleHandlers {
  /** Records a charge made by a schedule (retrieved from the gateway). */
  recordCharge(charge: CardCharge): Promise<CardSettlement>;
  /** Applies a schedule's current state (schedule.* events); false when no recurring donation has it. */
  syncSchedule(scheduleId: string): Promise<boolean>;
}

export interface CardPaymentDeps {
  db: Database;
  gateway: CardGateway;
  afterSettle?: SettleOptions['afterSettle'];
  schedules?: () => ScheduleHandlers | undefined;
}

/** Rejects with the gateway's ProviderError when the charge cannot be retrieved. */
export async function refreshCardCharge(
  { db, gateway, afterSettle, schedules }: CardPaymentDeps,
  chargeId: string,
): Promise<CardSettlement> {
  const charge = await gateway.retrieveCharge(chargeId);
  const handlers = schedules?.();
  if (charge.scheduleId !== null && handlers) return handlers.recordCharge(charge);
  return settleCardCharge(db, charge, { afterSettle });
}
