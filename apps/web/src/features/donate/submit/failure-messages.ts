// From a failed call to the supporter's message (spec §8 "Donation", "Account", "Card check"):
// the API's detail, the card vault's refusal, the sign-up's field errors and the card registration.
import { ACCOUNT_ERRORS, signupRefusal } from '@kifu/domain/catalogue/account-errors';
import { matchAmountLimitError, amountAboveMaxMessage, amountBelowMinMessage } from '@kifu/domain/catalogue/amount-messages';
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import { CARD_CHECK } from '@kifu/domain/catalogue/card-check';
import { DONATION_ERRORS, matchDonationError } from '@kifu/domain/catalogue/donation-errors';
import { FIELD_ERRORS } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { ApiError, NetworkError } from '@/lib/api-client';
import { VaultError } from '../card/card-vault';
import type { DonateTarget } from '../donate-target';
import type { DonateFormValues, FormPaymentMethod } from '../form/field-values';
import { effectiveLimits } from '../form/step-validation';

/** What the wording depends on: the amount limits of this gift and the method's name. */
export interface FailureContext {
  locale: Locale;
  method: FormPaymentMethod;
  target: DonateTarget;
  values: DonateFormValues;
  methodLabel(method: FormPaymentMethod): string;
}

/** The supporter's message for a failed call (spec §8 "Donation"). */
export function donationFailureMessage(error: unknown, context: FailureContext): string {
  const { locale } = context;
  if (error instanceof ApiError && error.fields?.promotion_code) return FIELD_ERRORS.promotionCode[locale];
  if (isRateLimited(error)) return API_ERROR_MESSAGES.rate_limited[locale];
  if (error instanceof ApiError) return messageForDetail(error.detail, context);
  if (error instanceof VaultError) {
    const key = matchDonationError(error.detail);
    return key === 'generic' ? CARD_CHECK.authorizeError[locale] : DONATION_ERRORS[key][locale];
  }
  return DONATION_ERRORS.notResponding[locale];
}

/** Refused for too many calls from this address or account in a minute (ADR 083): a wait, not a fault. */
function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'rate_limited';
}

export function messageForDetail(detail: string, context: FailureContext): string {
  const { locale, method } = context;
  const limit = matchAmountLimitError(detail);
  if (limit) {
    const { min, max } = effectiveLimits(context.target, context.values);
    return limit === 'above_max' ? amountAboveMaxMessage(context.methodLabel(method), max, locale) : amountBelowMinMessage(min, locale);
  }
  const key = matchDonationError(detail);
  if (key === 'generic' && method === 'bankTransfer') return DONATION_ERRORS.bankAccountIssue[locale];
  return DONATION_ERRORS[key][locale];
}

/** The sign-up's message for a failed call (spec §8 "Account"), or the bot check's (ADR 056). */
export function signupFailureMessage(error: unknown, locale: Locale): string {
  if (error instanceof ApiError) return signupRefusal(error.detail, locale).message;
  if (error instanceof NetworkError) return ACCOUNT_ERRORS.network[locale];
  return ACCOUNT_ERRORS.signupUnknown[locale];
}

/** The card refused on the user: the card wording of the catalogue, else 'Failed to update credit card information.' */
export function cardUpdateFailureMessage(error: unknown, locale: Locale): string {
  if (isRateLimited(error)) return API_ERROR_MESSAGES.rate_limited[locale];
  if (error instanceof ApiError) {
    const key = matchDonationError(error.detail);
    if (key !== 'generic') return DONATION_ERRORS[key][locale];
  }
  if (error instanceof NetworkError) return DONATION_ERRORS.notResponding[locale];
  return ACCOUNT_ERRORS.cardUpdate[locale];
}
