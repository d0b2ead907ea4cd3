// What the saved-card pages tell a supporter when something fails (spec §8 "Card check", "Account",
// "Donation"): the vault's refusal and the provider's by the donation catalogue's card wording,
// else the card check's authorization error; the API's refusals by their status and detail.
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import { CARD_CHECK } from '@kifu/domain/catalogue/card-check';
import { DONATION_ERRORS, matchDonationError } from '@kifu/domain/catalogue/donation-errors';
import type { Locale } from '@kifu/domain/enums';
import { ApiError, NetworkError } from '@/lib/api-client';
import { VaultError, VaultNetworkError } from '@/lib/card-vault';

/** The card's own wording for a refusal detail ("code: message"), or undefined when it names nothing known. */
function cardWording(detail: string, locale: Locale): string | undefined {
  const key = matchDonationError(detail);
  return key === 'generic' ? undefined : DONATION_ERRORS[key][locale];
}

/** Tokenising at the vault failed (spec §8 "Card check": a network failure shows the same card error). */
export function vaultFailure(error: unknown, locale: Locale): string {
  if (error instanceof VaultError) return cardWording(error.detail, locale) ?? CARD_CHECK.authorizeError[locale];
  return CARD_CHECK.authorizeError[locale];
}

/** Saving the token on the user, or making the guest's card customer, failed (spec §8 "Card update"). */
export function cardSaveFailure(error: unknown, locale: Locale): string {
  if (error instanceof VaultError || error instanceof VaultNetworkError) return vaultFailure(error, locale);
  if (error instanceof NetworkError) return ACCOUNT_ERRORS.network[locale];
  if (error instanceof ApiError) {
    if (error.status === 401) return API_ERROR_MESSAGES.unauthorized[locale];
    if (error.status === 429) return API_ERROR_MESSAGES.rate_limited[locale];
    const wording = cardWording(error.detail, locale);
    if (wording) return wording;
  }
  return ACCOUNT_ERRORS.cardUpdate[locale];
}

/** DELETE /user/me/credit-card/ failed: the 409 says the card pays for recurring support. */
export function cardRemoveFailure(error: unknown, locale: Locale): string {
  if (error instanceof NetworkError) return ACCOUNT_ERRORS.network[locale];
  if (error instanceof ApiError) {
    if (error.status === 409) return ACCOUNT_ERRORS.cardInUse[locale];
    if (error.status === 401) return API_ERROR_MESSAGES.unauthorized[locale];
    if (error.status === 429) return API_ERROR_MESSAGES.rate_limited[locale];
  }
  return ACCOUNT_ERRORS.cardRemove[locale];
}

/** The guest's card route: 401 the session ended, 403 the email typed is not the session's. */
export type GuestMoveFailure = { kind: 'session' } | { kind: 'email' } | { kind: 'message'; message: string };

export function guestMoveFailure(error: unknown, locale: Locale): GuestMoveFailure {
  if (error instanceof ApiError && error.status === 401) return { kind: 'session' };
  if (error instanceof ApiError && error.status === 403) return { kind: 'email' };
  return { kind: 'message', message: cardSaveFailure(error, locale) };
}
