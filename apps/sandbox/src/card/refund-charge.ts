// POST /charges/:id/refunds (https://docs.opn.ooo/refunds-api): full or partial, several times,
// never more in total than was captured.
import type { CardDeps, Metadata, StoredCharge, StoredRefund } from './card-store';
import { refundedAmount, refundObject } from './card-objects';
import { emitEvent } from './emit-event';
import { CardApiError } from './errors';
import { newId, omiseTime } from './ids';

export function refundCharge(deps: CardDeps, charge: StoredCharge, amount: number, metadata: Metadata = {}): StoredRefund {
  if (!charge.paid) throw new CardApiError('failed_refund', `charge ${charge.id} is not paid and cannot be refunded`);
  if (!Number.isInteger(amount) || amount < 1) throw new CardApiError('invalid_amount', 'amount must be greater than 0');
  const refundable = charge.captured_amount - refundedAmount(charge);
  if (amount > refundable)
    throw new CardApiError('failed_refund', `amount must be less than or equal to the refundable amount (${refundable})`);
  const refund: StoredRefund = {
    id: newId('rfnd'),
    created_at: omiseTime(deps.context.clock.now()),
    amount,
    charge: charge.id,
    transaction: newId('trxn'),
    metadata,
  };
  charge.refunds.push(refund);
  deps.context.activity.record('card', 'refund created', `${refund.id} ¥${amount} of ${charge.id}`);
  // Omise's refund.create carries the refund; the charge shows the new refunded_amount when fetched.
  emitEvent(deps, 'refund.create', refundObject(refund));
  return refund;
}
