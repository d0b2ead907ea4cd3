// How the issuer answers an authorisation: the card's test behaviour first (providers.md table and
// the extra card numbers), then a card expired on the sandbox clock, then the timeout amount.
import type { StoredCard } from './card-store';
import { isExpired } from './card-expiry';
import { TIMEOUT_AMOUNT, type ChargeFailureCode } from './test-cards';

/** The failure code of charging `card`, or null when the issuer approves. */
export function chargeOutcome(card: StoredCard, amount: number, now: Date): ChargeFailureCode | null {
  const { behaviour } = card;
  if (behaviour.kind === 'decline') return behaviour.code;
  // Both 3-D Secure test cards end in payment_rejected; without 3-D Secure (no return_uri, or a
  // recurring charge) the issuer rejects them for lacking the authentication they require.
  if (behaviour.kind === '3ds-enrolment-fails' || behaviour.kind === '3ds-validation-fails') return 'payment_rejected';
  if (isExpired(card, now)) return 'expired_card';
  if (amount === TIMEOUT_AMOUNT) return 'timeout';
  return null;
}
