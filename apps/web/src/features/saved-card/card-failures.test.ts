import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import { CARD_CHECK } from '@kifu/domain/catalogue/card-check';
import { DONATION_ERRORS, matchDonationError } from '@kifu/domain/catalogue/donation-errors';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client';
import { VaultError, VaultNetworkError } from '@/lib/card-vault';
import { cardRemoveFailure, cardSaveFailure, guestMoveFailure, vaultFailure } from './card-failures';

describe('vaultFailure', () => {
  it("uses the card wording the vault's refusal names, else the card check's authorization error", () => {
    const expired = new VaultError('invalid_card', 'expiration date cannot be in the past');
    const key = matchDonationError(expired.detail);
    expect(key).not.toBe('generic');
    expect(vaultFailure(expired, 'ja')).toBe(DONATION_ERRORS[key].ja);
    expect(vaultFailure(new VaultError('http_500', ''), 'en')).toBe(CARD_CHECK.authorizeError.en);
    // Spec §8 "Card check": a thrown network failure shows the same card error.
    expect(vaultFailure(new VaultNetworkError(new TypeError('fetch failed')), 'ja')).toBe(CARD_CHECK.authorizeError.ja);
  });
});

describe('cardSaveFailure', () => {
  it("reads the provider's refusal, the status, and otherwise says the card could not be updated", () => {
    const declined = new ApiError(422, 'insufficient_fund: insufficient funds in the account');
    const key = matchDonationError(declined.detail);
    expect(key).not.toBe('generic');
    expect(cardSaveFailure(declined, 'en')).toBe(DONATION_ERRORS[key].en);
    expect(cardSaveFailure(new ApiError(429, 'rate limited'), 'ja')).toBe(API_ERROR_MESSAGES.rate_limited.ja);
    expect(cardSaveFailure(new ApiError(401, 'a valid access token is required'), 'en')).toBe(API_ERROR_MESSAGES.unauthorized.en);
    expect(cardSaveFailure(new ApiError(502, 'bad gateway'), 'ja')).toBe(ACCOUNT_ERRORS.cardUpdate.ja);
    expect(cardSaveFailure(new NetworkError(new TypeError('offline')), 'en')).toBe(ACCOUNT_ERRORS.network.en);
    expect(cardSaveFailure(new Error('boom'), 'en')).toBe('Failed to update credit card information.');
  });
});

describe('cardRemoveFailure', () => {
  it("shows the 409's message: the card pays for recurring support", () => {
    expect(cardRemoveFailure(new ApiError(409, ACCOUNT_ERRORS.cardInUse.en, 'conflict'), 'ja')).toBe(ACCOUNT_ERRORS.cardInUse.ja);
    expect(cardRemoveFailure(new ApiError(409, ACCOUNT_ERRORS.cardInUse.en, 'conflict'), 'en')).toBe(ACCOUNT_ERRORS.cardInUse.en);
    expect(cardRemoveFailure(new ApiError(401, ''), 'en')).toBe(API_ERROR_MESSAGES.unauthorized.en);
    expect(cardRemoveFailure(new NetworkError(new TypeError('offline')), 'ja')).toBe(ACCOUNT_ERRORS.network.ja);
    expect(cardRemoveFailure(new ApiError(500, ''), 'en')).toBe(ACCOUNT_ERRORS.cardRemove.en);
  });
});

describe('guestMoveFailure', () => {
  it('tells an ended session and a card made for another email apart', () => {
    expect(guestMoveFailure(new ApiError(401, 'no guest session'), 'ja')).toEqual({ kind: 'session' });
    expect(guestMoveFailure(new ApiError(403, 'this card was not registered for this email'), 'ja')).toEqual({ kind: 'email' });
    expect(guestMoveFailure(new ApiError(500, ''), 'en')).toEqual({ kind: 'message', message: ACCOUNT_ERRORS.cardUpdate.en });
  });
});
