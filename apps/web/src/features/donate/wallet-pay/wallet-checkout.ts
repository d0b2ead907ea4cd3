// The two ends of a wallet pay gift around the provider's pages (architecture.md §4: button
// signature → checkout → review → update → result → complete):
// - leaving the Amount step: keep the form on the server (its key rides on the provider's return
//   URLs), then sign the button with that key, so whichever browser comes back finds the form;
// - back on the result page: complete the checkout; PAID is the gift, a refusal is the catalogue's
//   message (spec §8: "rejected by the wallet payment provider").
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import type { Locale } from '@kifu/domain/enums';
import { parseNumeric } from '@kifu/domain/normalise';
import { ApiError } from '@/lib/api-client';
import { withRetry } from '../donate-api';
import type { DonateTarget } from '../donate-target';
import type { PendingDonation } from '../form/persisted-form-store';
import { totalOf } from '../form/step-validation';
import type { DonateFormValues, FormFrequency } from '../form/field-values';
import { donationFailureMessage } from '../submit/failure-messages';
import { reportSettlement, type SettleOutcome } from '../submit/settle-card-donation';
import { type FlowDeps } from '../submit/submit-types';
import { asWalletFrequency, type WalletApi, type WalletButtonConfig } from './wallet-api';
import { walletFormStateOf } from './wallet-state';

export interface CheckoutInput {
  values: DonateFormValues;
  target: DonateTarget;
  locale: Locale;
}

export interface CheckoutDeps {
  walletApi: WalletApi;
  /** Keeps the key in the entry's walletPay part (client storage). */
  rememberKey(donateSessionKey: string): void;
  methodLabel: FlowDeps['methodLabel'];
}

export type CheckoutOutcome =
  { status: 'ready'; donateSessionKey: string; button: WalletButtonConfig } | { status: 'failed'; message: string };

/** What the supporter pays (the fee-included total when ticked); undefined when the amount is not a number. */
export function walletTotal(values: DonateFormValues, target: DonateTarget): number | undefined {
  const amount = parseNumeric(values.amount);
  return amount === undefined ? undefined : totalOf(target, amount, values.isCommissionContains);
}

/** Saves the form and signs the button with its key; call after the Amount step validated. */
export async function prepareWalletCheckout(input: CheckoutInput, deps: CheckoutDeps): Promise<CheckoutOutcome> {
  const { values, target, locale } = input;
  const failure = (error: unknown): CheckoutOutcome => ({
    status: 'failed',
    message: donationFailureMessage(error, { locale, method: 'walletPay', target, values, methodLabel: deps.methodLabel }),
  });
  const amount = walletTotal(values, target);
  if (amount === undefined) return { status: 'failed', message: DONATION_ERRORS.generic[locale] };
  let donateSessionKey: string;
  try {
    donateSessionKey = await deps.walletApi.saveFormState(walletFormStateOf(target, values));
  } catch (error) {
    return failure(error);
  }
  deps.rememberKey(donateSessionKey);
  try {
    const button = await deps.walletApi.signButton({
      amount,
      frequency: values.frequency,
      associate_id: target.associate.id,
      campaign_id: target.campaign?.id ?? null,
      locale,
      donate_session_key: donateSessionKey,
    });
    return { status: 'ready', donateSessionKey, button };
  } catch (error) {
    return failure(error);
  }
}

export interface CompleteInput {
  checkoutSessionId: string;
  frequency: FormFrequency;
  target: DonateTarget;
  values: DonateFormValues;
  /** The buyer's email the gift was given under. */
  email: string;
  locale: Locale;
}

/** Back on the result page: completes the checkout once (retries reuse the key), then shows and logs the outcome. */
export async function completeWalletCheckout(
  input: CompleteInput,
  deps: FlowDeps & { walletApi: WalletApi; newIdempotencyKey(): string },
): Promise<SettleOutcome> {
  const { locale, target, values } = input;
  const pending: PendingDonation = {
    donationId: 0,
    statusToken: null,
    paymentMethod: 'walletPay',
    frequency: input.frequency,
    amount: walletTotal(values, target) ?? 0,
    email: input.email,
  };
  let outcome: SettleOutcome;
  const key = deps.newIdempotencyKey();
  try {
    const completed = await withRetry(
      () => deps.walletApi.completeDonation(asWalletFrequency(input.frequency), input.checkoutSessionId, key),
      deps.sleep,
    );
    pending.donationId = completed.id;
    pending.amount = completed.amount;
    outcome = { status: 'paid', contribution: { ...pending, virtualAccount: null } };
  } catch (error) {
    const message =
      error instanceof ApiError && error.status === 404
        ? DONATION_ERRORS.statusUnconfirmed[locale]
        : donationFailureMessage(error, { locale, method: 'walletPay', target, values, methodLabel: deps.methodLabel });
    outcome = { status: 'failed', message };
  }
  reportSettlement({ pending, target, values, locale }, deps, outcome);
  return outcome;
}
