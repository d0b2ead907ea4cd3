// A guest's card customer is usable only by the form session that created it (ADR 026).
// /payment/non-member-credit answers the new customer's id together with a handle: an HMAC over
// the customer id, the donor's email and an expiry, keyed from the card secret key (so every API
// instance accepts it, and nobody without that key can make one). A card donation without a
// signed-in user must carry the handle of its customer: a customer id and an email alone — which
// anyone may learn — charge nothing. Member cards are never issued a handle: they are usable only
// with their member's token (verify-card-customer.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Long enough for one submission and its retries after a provider outage; a new submission makes a new customer. */
export const GUEST_CUSTOMER_HANDLE_TTL_MS = 60 * 60 * 1000;

const VERSION = 'g1';

export interface GuestCustomerBinding {
  customerId: string;
  email: string;
}

/** A key of its own, derived from the card secret key, so a handle can never be confused with anything else signed by it. */
function handleKey(cardSecretKey: string): Buffer {
  return createHmac('sha256', cardSecretKey).update('kifu guest card customer handle').digest();
}

function signature(cardSecretKey: string, binding: GuestCustomerBinding, expiresAt: number): Buffer {
  return createHmac('sha256', handleKey(cardSecretKey))
    .update(JSON.stringify([VERSION, binding.customerId, binding.email.trim().toLowerCase(), expiresAt]))
    .digest();
}

export function issueGuestCustomerHandle(cardSecretKey: string, binding: GuestCustomerBinding, now = Date.now()): string {
  const expiresAt = now + GUEST_CUSTOMER_HANDLE_TTL_MS;
  return `${VERSION}.${expiresAt.toString(36)}.${signature(cardSecretKey, binding, expiresAt).toString('base64url')}`;
}

/** True when `handle` was issued for this customer and email and has not expired. */
export function isGuestCustomerHandleValid(
  cardSecretKey: string,
  handle: string | undefined,
  binding: GuestCustomerBinding,
  now = Date.now(),
): boolean {
  const [version, expiry, mac, ...rest] = handle?.split('.') ?? [];
  if (version !== VERSION || !expiry || !mac || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(expiry)) return false;
  const expiresAt = parseInt(expiry, 36);
  if (!(expiresAt > now) || expiresAt > now + GUEST_CUSTOMER_HANDLE_TTL_MS) return false;
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(cardSecretKey, binding, expiresAt);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
