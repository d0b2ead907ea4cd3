// Card tokenisation in the browser (architecture.md §1, spec §7 "Third-party calls"): the card goes
// straight to the vault, authenticated with the public key only, and what comes back is a
// single-use token; the card number never reaches Kifu's servers, storage or logs. Used by the
// donation form (features/donate) and the saved-card pages (features/saved-card), which both run
// under the card-form Content-Security-Policy (lib/donate-paths.ts).
import type { Card } from '@kifu/domain/schemas/card';

export interface VaultConfig {
  vaultUrl: string;
  publicKey: string;
}

export interface CardToken {
  id: string;
  brand: string;
  lastDigits: string;
}

/** The vault refused the card ({object:'error', code, message}) or answered with something else. */
export class VaultError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'VaultError';
    this.code = code;
  }
  /** "code: message", the form the donation error catalogue matches words in. */
  get detail(): string {
    return `${this.code}: ${this.message}`;
  }
}

/** The vault could not be reached at all. */
export class VaultNetworkError extends Error {
  constructor(cause: unknown) {
    super('The card vault could not be reached', { cause });
    this.name = 'VaultNetworkError';
  }
}

export async function tokeniseCard(
  card: Card & { expirationYearFull: number },
  config: VaultConfig,
  fetchImpl: typeof fetch = fetch,
): Promise<CardToken> {
  let response: Response;
  try {
    response = await fetchImpl(`${config.vaultUrl.replace(/\/+$/, '')}/tokens`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`${config.publicKey}:`)}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        card: {
          name: card.holder,
          number: card.number,
          expiration_month: card.expirationMonth,
          expiration_year: card.expirationYearFull,
          security_code: card.cvc,
        },
      }),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (error) {
    throw new VaultNetworkError(error);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const object = (body ?? {}) as {
    object?: string;
    id?: unknown;
    code?: unknown;
    message?: unknown;
    card?: { brand?: unknown; last_digits?: unknown };
  };
  // Spec §7: status 200 means success.
  if (response.status === 200 && typeof object.id === 'string') {
    return { id: object.id, brand: String(object.card?.brand ?? ''), lastDigits: String(object.card?.last_digits ?? '') };
  }
  throw new VaultError(
    typeof object.code === 'string' ? object.code : `http_${response.status}`,
    typeof object.message === 'string' ? object.message : '',
  );
}
