// POST /tokens: the vault turns card data into a single-use token (https://docs.opn.ooo/tokens-api).
// The number and security code are checked and then dropped; only brand, last digits, expiry,
// holder, a keyed fingerprint and the number's test behaviour are kept.
import { createHmac } from 'node:crypto';
import type { CardDeps, StoredToken } from './card-store';
import { isExpired } from './card-expiry';
import { CardApiError } from './errors';
import { newId, omiseTime } from './ids';
import { cardBehaviour, detectBrand, passesLuhn } from './test-cards';

const invalidCard = (message: string) => new CardApiError('invalid_card', message);

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function integer(value: unknown): number | null {
  const raw = text(value);
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
}

export function createToken({ context, store }: CardDeps, body: Record<string, unknown>): StoredToken {
  const input = body.card;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new CardApiError('bad_request', 'card is required');
  const card = input as Record<string, unknown>;
  const now = context.clock.now();

  const name = text(card.name);
  if (!name) throw invalidCard("name can't be blank");
  const rawNumber = text(card.number);
  if (!rawNumber) throw invalidCard("number can't be blank");
  // Omise.js strips the spaces and dashes people type between digit groups.
  const number = rawNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) throw invalidCard('number is invalid');
  const brand = detectBrand(number);
  if (!brand) throw invalidCard('brand not supported (unknown)');

  const month = integer(card.expiration_month);
  if (month === null || month < 1 || month > 12) throw invalidCard('expiration month is not between 1 and 12');
  const year = integer(card.expiration_year);
  // Four digits, as Omise wants: a client sending "27" has a conversion bug worth seeing here.
  if (year === null || year < 1000 || year > 9999) throw invalidCard('expiration year is invalid');
  if (isExpired({ expiration_month: month, expiration_year: year }, now)) throw invalidCard('expiration date cannot be in the past');

  const securityCode = text(card.security_code);
  if (securityCode !== null && !/^\d{3,4}$/.test(securityCode)) throw invalidCard('security code is invalid');

  const token: StoredToken = {
    id: newId('tokn'),
    created_at: omiseTime(now),
    used: false,
    card: {
      id: newId('card'),
      created_at: omiseTime(now),
      brand,
      last_digits: number.slice(-4),
      name,
      expiration_month: month,
      expiration_year: year,
      fingerprint: createHmac('sha256', store.fingerprintKey).update(number).digest('base64'),
      city: text(card.city),
      postal_code: text(card.postal_code),
      country: text(card.country)?.toLowerCase() ?? null,
      security_code_check: securityCode !== null,
      behaviour: cardBehaviour(number),
      customer: null,
    },
  };
  store.tokens.set(token.id, token);
  context.activity.record('card', 'token created', `${token.id} ${brand} •••• ${token.card.last_digits}`);
  return token;
}

/** Tokens are single use: attaching to a customer or charging consumes one (`used_token` after). */
export function consumeToken({ store }: CardDeps, tokenId: string): StoredToken {
  const token = store.tokens.get(tokenId);
  if (!token) throw new CardApiError('not_found', `token ${tokenId} was not found`);
  if (token.used) throw new CardApiError('used_token', 'token was already used');
  token.used = true;
  return token;
}
