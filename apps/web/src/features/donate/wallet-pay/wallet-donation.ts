// The wallet pay branch of the donation flow (spec §4 "Donation flow": the email is the buyer's,
// no suspicious-address check, "create a single or monthly donation (not annual); the result is
// PAID with a redirect address"; §5 "Wallet payment: not for annual; requires last and first
// name, optional phonetic name, and a checkout session id"). submit/submit-donation.ts runs the shared
// steps (readiness, duplicate check, bot check, logging); this file holds what differs.
import type { RecurringWalletPayDonationRequest } from '@kifu/domain/api/donation';
import { COUNTRY } from '@kifu/domain/constants';
import type { DonationReadinessInput } from '@kifu/domain/donation-readiness';
import type { Locale } from '@kifu/domain/enums';
import { toFieldError, type FieldError } from '@kifu/domain/schemas/rule-keys';
import { donorNamesSchemaFor } from '@kifu/domain/schemas/user-profile';
import { buildDonationWith, type BuiltDonation, type DonationBase } from '../submit/build-request';
import type { DonateTarget } from '../donate-target';
import type { DonateFormValues } from '../form/field-values';
import type { WalletNames } from './wallet-state';

/** What the review page adds to the form for a wallet gift. */
export interface WalletCheckout {
  checkoutSessionId: string;
  /** The key the form state is kept under on the server. */
  donateSessionKey: string;
  names: WalletNames;
  /** Spec §4 step 1: for wallet pay, the buyer's email. */
  buyerEmail: string;
}

/** The request parts of a wallet gift: the form's choices, the names and the buyer's email (the provider keeps the address). */
export function walletDonation(values: DonateFormValues, target: DonateTarget, locale: Locale, wallet: WalletCheckout): BuiltDonation {
  const names = wallet.names;
  return buildDonationWith(values, target, locale, {
    last_name: names.lastName.trim(),
    first_name: names.firstName.trim(),
    last_name_kana: names.lastNameKana.trim(),
    first_name_kana: names.firstNameKana.trim(),
    country: COUNTRY,
    email: wallet.buyerEmail.trim(),
    is_corporation: values.isCorporation,
  });
}

/** The readiness input of the wallet part (spec §5). */
export function walletReadiness(wallet: WalletCheckout | undefined): DonationReadinessInput['walletPay'] {
  return wallet ? { ...wallet.names, checkoutSessionId: wallet.checkoutSessionId } : null;
}

/** The update call's body; `state` is the form state kept again under the same key (wallet-state.ts). */
export function walletDonationRequest(
  base: DonationBase,
  wallet: WalletCheckout,
  extra: { recaptchaToken?: string; state: string },
): RecurringWalletPayDonationRequest {
  return {
    ...base,
    payment_method: 'walletPay',
    recaptcha_token: extra.recaptchaToken,
    wallet_pay: {
      checkout_session_id: wallet.checkoutSessionId,
      form_state: { donate_session_key: wallet.donateSessionKey, state: extra.state },
    },
  };
}

/** A rule broken by one of the review page's name fields, with its bounds (spec §8 "Field errors"). */
export type WalletNameErrors = Partial<Record<keyof WalletNames, Pick<FieldError, 'rule' | 'params'>>>;

/**
 * The review page's own check of the names (spec §5: last and first name, phonetic names in
 * katakana, required for the associates that need them), by the domain's rules, so the supporter
 * sees which field is wrong instead of the API's generic error. Empty when the names pass.
 */
export function walletNameErrors(names: WalletNames, associateId: number): WalletNameErrors {
  const parsed = donorNamesSchemaFor(associateId).safeParse({
    name: { lastName: names.lastName, firstName: names.firstName },
    nameKana: { lastNameKana: names.lastNameKana, firstNameKana: names.firstNameKana },
  });
  const errors: WalletNameErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const { path, rule, params } = toFieldError(issue);
    const field = path[1];
    if (field === 'lastName' || field === 'firstName' || field === 'lastNameKana' || field === 'firstNameKana')
      errors[field] ??= { rule, params };
    else if (path[0] === 'name') {
      // The whole name object missing: both names are required.
      errors.lastName ??= { rule, params };
      errors.firstName ??= { rule, params };
    }
  }
  return errors;
}
