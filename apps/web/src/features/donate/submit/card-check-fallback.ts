// Spec §8 "Card check": "A thrown network failure shows the same card error and is treated as a
// network error. Fallback errors are reported and returned as fatal." A fallback error is one the
// card check has no words for: neither a refusal the donation catalogue names (a declined card, a
// used token, …) nor a network failure. Those are bugs or outages someone must look at (ADR 050).
import { matchDonationError } from '@kifu/domain/catalogue/donation-errors';
import { ApiError, NetworkError } from '@/lib/api-client';
import { reportError } from '@/lib/error-reporting';
import { VaultError, VaultNetworkError } from '../card/card-vault';

export function isCardCheckFallback(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof VaultNetworkError) return false;
  if (error instanceof ApiError || error instanceof VaultError) return matchDonationError(error.detail) === 'generic';
  return true;
}

/** Reports a fallback error of the card check, with the API's request id when the API answered. */
export function reportCardCheckFallback(error: unknown, step: 'tokenise' | 'register_card' | 'confirm'): void {
  if (!isCardCheckFallback(error)) return;
  reportError(error, { requestId: error instanceof ApiError ? error.requestId : null, tags: { flow: 'card_check', step } });
}
