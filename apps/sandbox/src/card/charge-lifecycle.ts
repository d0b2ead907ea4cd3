// A charge's transitions (https://docs.opn.ooo/charges-api):
//   pending (awaiting 3-D Secure) → successful | failed | expired (24 h without authentication)
//   pending (authorised, capture:false) → successful (capture) | reversed (reverse) | expired
// Each transition emits its event. Expiry happens lazily, when the charge is next read, which is
// how a sandbox clock moved forward makes it visible without a timer.
import type { CardDeps, StoredCharge } from './card-store';
import { chargeObject } from './card-objects';
import { chargeOutcome } from './charge-outcome';
import { emitEvent } from './emit-event';
import { CardApiError, notFound } from './errors';
import { newId, omiseTime } from './ids';
import { FAILURE_MESSAGES, type ChargeFailureCode } from './test-cards';

/** Japanese merchants may capture an authorisation for 30 days (Omise's expired_charge). */
export const CAPTURE_WINDOW_MS = 30 * 86_400_000;

export function chargeSnapshot(deps: CardDeps, charge: StoredCharge) {
  return chargeObject(charge, deps.context.clock.now());
}

/** Settles an authorisation: approved (paid, or held for capture) or failed with `failure`. */
export function completeCharge(
  deps: CardDeps,
  charge: StoredCharge,
  failure: ChargeFailureCode | null,
  options: { emit?: boolean } = {},
): void {
  const now = deps.context.clock.now();
  charge.awaiting_authentication = false;
  if (failure) {
    charge.status = 'failed';
    charge.failure_code = failure;
    charge.failure_message = FAILURE_MESSAGES[failure];
    deps.context.activity.record('card', 'charge failed', `${charge.id} ¥${charge.amount} ${failure}`);
  } else {
    charge.authorized = true;
    if (charge.capture) {
      charge.status = 'successful';
      charge.paid = true;
      charge.paid_at = omiseTime(now);
      charge.captured_amount = charge.amount;
      charge.transaction = newId('trxn');
      deps.context.activity.record('card', 'charge successful', `${charge.id} ¥${charge.amount}`);
    } else {
      charge.expires_at = omiseTime(new Date(now.getTime() + CAPTURE_WINDOW_MS));
      deps.context.activity.record('card', 'charge authorised', `${charge.id} ¥${charge.amount} (capture later)`);
    }
  }
  if (options.emit !== false) emitEvent(deps, 'charge.complete', chargeSnapshot(deps, charge));
}

/** Expires a charge whose authentication or capture window has passed on the sandbox clock. */
export function refreshCharge(deps: CardDeps, charge: StoredCharge): StoredCharge {
  const now = deps.context.clock.now();
  const waiting = charge.status === 'pending' && !charge.paid;
  if (waiting && now.getTime() >= Date.parse(charge.expires_at)) {
    charge.status = 'expired';
    charge.expired = true;
    charge.expired_at = omiseTime(now);
    charge.awaiting_authentication = false;
    deps.context.activity.record('card', 'charge expired', charge.id);
    emitEvent(deps, 'charge.expire', chargeSnapshot(deps, charge));
  }
  return charge;
}

export function findCharge(deps: CardDeps, id: string): StoredCharge {
  const charge = deps.store.charges.get(id);
  if (!charge) throw notFound('charge', id);
  return refreshCharge(deps, charge);
}

/** The card holder's answer on the 3-D Secure page. */
export function authenticateCharge(deps: CardDeps, charge: StoredCharge, authenticated: boolean): void {
  if (!charge.awaiting_authentication) return;
  deps.context.activity.record('card', authenticated ? '3-D Secure authenticated' : '3-D Secure failed', charge.id);
  if (!authenticated || charge.card.behaviour.kind === '3ds-validation-fails') {
    completeCharge(deps, charge, 'payment_rejected');
    return;
  }
  charge.authenticated_by = '3DS';
  completeCharge(deps, charge, chargeOutcome(charge.card, charge.amount, deps.context.clock.now()));
}

function requireCapturable(charge: StoredCharge, action: 'capture' | 'reverse'): void {
  if (charge.status === 'expired' && charge.authorized) throw new CardApiError('expired_charge', 'charge expired');
  if (charge.status !== 'pending' || !charge.authorized || charge.paid) {
    throw new CardApiError(
      action === 'capture' ? 'failed_capture' : 'bad_request',
      `charge ${charge.id} cannot be ${action === 'capture' ? 'captured' : 'reversed'}`,
    );
  }
}

export function captureCharge(deps: CardDeps, charge: StoredCharge, captureAmount?: number): void {
  requireCapturable(charge, 'capture');
  if (captureAmount !== undefined && (captureAmount < 1 || captureAmount > charge.amount)) {
    throw new CardApiError('invalid_amount', `capture_amount must be between 1 and ${charge.amount}`);
  }
  const now = deps.context.clock.now();
  charge.status = 'successful';
  charge.paid = true;
  charge.paid_at = omiseTime(now);
  charge.captured_amount = captureAmount ?? charge.amount;
  charge.transaction = newId('trxn');
  deps.context.activity.record('card', 'charge captured', `${charge.id} ¥${charge.captured_amount}`);
  emitEvent(deps, 'charge.capture', chargeSnapshot(deps, charge));
}

export function reverseCharge(deps: CardDeps, charge: StoredCharge): void {
  requireCapturable(charge, 'reverse');
  charge.status = 'reversed';
  charge.reversed = true;
  charge.reversed_at = omiseTime(deps.context.clock.now());
  deps.context.activity.record('card', 'charge reversed', charge.id);
  emitEvent(deps, 'charge.reverse', chargeSnapshot(deps, charge));
}

/** POST /charges/:id/expire: gives up on a charge still waiting for the card holder. */
export function expireCharge(deps: CardDeps, charge: StoredCharge): void {
  if (charge.status !== 'pending' || charge.authorized) throw new CardApiError('failed_expire', `charge ${charge.id} cannot be expired`);
  charge.expires_at = omiseTime(deps.context.clock.now());
  refreshCharge(deps, charge);
}
