// POST /charges (https://docs.opn.ooo/charges-api#create). A charge takes a token (consumed) or a
// customer with one of its cards. With return_uri it waits for 3-D Secure at authorize_uri;
// without, the issuer answers at once. Every charge emits charge.create, then charge.complete once
// it is decided. Schedules create their charges through here too.
import type { CardDeps, Metadata, StoredCard, StoredCharge } from './card-store';
import { chargeOutcome } from './charge-outcome';
import { chargeSnapshot, completeCharge } from './charge-lifecycle';
import { consumeToken } from './create-token';
import { emitEvent } from './emit-event';
import { CardApiError, notFound } from './errors';
import { newId, omiseTime } from './ids';

/** Omise's minimum for JPY, and the card maximum Kifu's gateway account is given (spec §9). */
export const MIN_AMOUNT = 100;
export const MAX_AMOUNT = 6_000_000;
/** How long a 3-D Secure charge waits for the card holder before it expires. */
export const AUTHENTICATION_WINDOW_MS = 24 * 3_600_000;

export interface ChargeRequest {
  amount: number;
  currency: string;
  description?: string | null;
  metadata?: Metadata;
  capture?: boolean;
  customer?: string;
  card?: string;
  return_uri?: string;
  ip?: string;
  schedule?: string;
}

export function validateAmount(amount: number): void {
  if (!Number.isInteger(amount)) throw new CardApiError('invalid_amount', 'amount must be an integer');
  if (amount < MIN_AMOUNT) throw new CardApiError('invalid_amount', `amount must be greater than or equal to ${MIN_AMOUNT}`);
  if (amount > MAX_AMOUNT) throw new CardApiError('invalid_amount', `amount must be less than or equal to ${MAX_AMOUNT}`);
}

/** The customer's card to charge: the one named, or the default card. */
export function customerCard(deps: CardDeps, customerId: string, cardId?: string): StoredCard {
  const customer = deps.store.customers.get(customerId);
  if (!customer) throw notFound('customer', customerId);
  if (cardId) {
    const card = customer.cards.find((candidate) => candidate.id === cardId);
    if (!card) throw notFound('card', cardId);
    return card;
  }
  const card = customer.cards.find((candidate) => candidate.id === customer.default_card);
  if (!card) throw new CardApiError('missing_card', `customer ${customerId} has no card`);
  return card;
}

function resolveCard(deps: CardDeps, request: ChargeRequest): StoredCard {
  if (request.customer) {
    if (request.card?.startsWith('tokn_'))
      throw new CardApiError('bad_request', 'card must be a card id of the customer when customer is given');
    return customerCard(deps, request.customer, request.card);
  }
  if (!request.card) throw new CardApiError('missing_card', 'request contains no card parameters');
  if (!request.card.startsWith('tokn_')) throw new CardApiError('invalid_card', 'card must be a token when no customer is given');
  const token = deps.store.tokens.get(request.card);
  if (!token) throw notFound('token', request.card);
  return token.card;
}

export function createCharge(deps: CardDeps, request: ChargeRequest): StoredCharge {
  validateAmount(request.amount);
  if (request.currency.toLowerCase() !== 'jpy') throw new CardApiError('bad_request', 'currency is currently not supported');
  const card = resolveCard(deps, request);
  // Only now, with every parameter valid, is the token spent: a rejected request leaves it usable.
  if (!request.customer && request.card) consumeToken(deps, request.card);

  const now = deps.context.clock.now();
  const id = newId('chrg');
  const threeDSecure = request.return_uri !== undefined;
  const charge: StoredCharge = {
    id,
    created_at: omiseTime(now),
    amount: request.amount,
    description: request.description ?? null,
    metadata: request.metadata ?? {},
    status: 'pending',
    capture: request.capture ?? true,
    authorized: false,
    paid: false,
    reversed: false,
    expired: false,
    awaiting_authentication: false,
    authenticated_by: null,
    authorize_uri: null,
    return_uri: request.return_uri ?? null,
    failure_code: null,
    failure_message: null,
    customer: request.customer ?? null,
    card: { ...card },
    ip: request.ip ?? null,
    schedule: request.schedule ?? null,
    transaction: null,
    captured_amount: 0,
    refunds: [],
    paid_at: null,
    expires_at: omiseTime(new Date(now.getTime() + AUTHENTICATION_WINDOW_MS)),
    expired_at: null,
    reversed_at: null,
  };
  deps.store.charges.set(id, charge);
  deps.context.activity.record(
    'card',
    'charge created',
    `${id} ¥${charge.amount} ${card.brand} •••• ${card.last_digits}${threeDSecure ? ' (3-D Secure)' : ''}`,
  );

  if (card.behaviour.kind === '3ds-enrolment-fails') {
    // The issuer cannot enrol the card in 3-D Secure: rejected at once, no authorize step.
    completeCharge(deps, charge, 'payment_rejected', { emit: false });
  } else if (threeDSecure) {
    charge.awaiting_authentication = true;
    charge.authorize_uri = `${deps.context.config.SANDBOX_PUBLIC_URL}/card/3ds/${id}`;
  } else {
    completeCharge(deps, charge, chargeOutcome(card, charge.amount, now), { emit: false });
  }

  emitEvent(deps, 'charge.create', chargeSnapshot(deps, charge));
  if (!charge.awaiting_authentication) emitEvent(deps, 'charge.complete', chargeSnapshot(deps, charge));
  return charge;
}
