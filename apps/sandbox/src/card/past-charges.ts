// The card gateway's charges made before this sandbox started (shared/payment-history.ts, ADR 072):
// each one a captured, paid charge as Omise keeps it, with what was refunded as one refund, so a
// refund through POST /charges/:id/refunds finds it and is bounded by what it still holds. No card
// data travels in the history: the charge shows a stand-in card. No event is emitted, as a provider
// does not announce old payments again.
import type { FastifyInstance } from 'fastify';
import { paymentHistoryRoute, type PastPayment } from '../shared/payment-history';
import type { CardDeps, StoredCard, StoredCharge } from './card-store';
import { newId, omiseTime } from './ids';

/** What the history's charges show as their card: the sandbox's best-known success number, no holder. */
function standInCard(chargeId: string, createdAt: string): StoredCard {
  return {
    id: newId('card'),
    created_at: createdAt,
    brand: 'Visa',
    last_digits: '4242',
    name: '',
    expiration_month: 12,
    expiration_year: new Date(createdAt).getUTCFullYear() + 5,
    fingerprint: `history-${chargeId}`,
    city: null,
    postal_code: null,
    country: null,
    security_code_check: true,
    behaviour: { kind: 'success' },
    customer: null,
  };
}

export function holdPastCharge(deps: CardDeps, payment: PastPayment): boolean {
  if (deps.store.charges.has(payment.id)) return false;
  const at = omiseTime(payment.paidAt);
  const charge: StoredCharge = {
    id: payment.id,
    created_at: at,
    amount: payment.amount,
    description: null,
    metadata: {},
    status: 'successful',
    capture: true,
    authorized: true,
    paid: true,
    reversed: false,
    expired: false,
    awaiting_authentication: false,
    authenticated_by: null,
    authorize_uri: null,
    return_uri: null,
    failure_code: null,
    failure_message: null,
    customer: null,
    card: standInCard(payment.id, at),
    ip: null,
    schedule: null,
    transaction: newId('trxn'),
    captured_amount: payment.amount,
    refunds: [],
    paid_at: at,
    expires_at: at,
    expired_at: null,
    reversed_at: null,
  };
  // The history has no refund dates: what was given back is one refund dated with the charge.
  if (payment.refundedAmount > 0) {
    charge.refunds.push({
      id: newId('rfnd'),
      created_at: at,
      amount: payment.refundedAmount,
      charge: payment.id,
      transaction: newId('trxn'),
      metadata: {},
    });
  }
  deps.store.charges.set(charge.id, charge);
  return true;
}

export async function pastChargesRoute(app: FastifyInstance, { deps }: { deps: CardDeps }) {
  paymentHistoryRoute(app, { context: deps.context, provider: 'card', hold: (payment) => holdPastCharge(deps, payment) });
}
