// Omise-looking identifiers and timestamps. Test-mode ids carry `_test_` after the prefix
// (chrg_test_5x…), which is what an adapter sees against the real provider's test keys too.
import { randomBytes } from 'node:crypto';

export type IdPrefix = 'tokn' | 'card' | 'cust' | 'chrg' | 'rfnd' | 'schd' | 'occu' | 'evnt' | 'trxn';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

export function newId(prefix: IdPrefix): string {
  let suffix = '';
  for (const byte of randomBytes(19)) suffix += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_test_${suffix}`;
}

/** Omise writes times as ISO 8601 in UTC without milliseconds: 2019-05-29T09:30:00Z. */
export function omiseTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
