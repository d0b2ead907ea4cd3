// Back from the card issuer's 3-D Secure page (spec §4 "Card path for a guest"): the return URL
// carries the donation id and its token (decision 009). They are read once and taken out of the
// address bar at once, so neither history nor a shared link keeps the token. The form is restored
// (from client storage, else from the copy the server kept), then the gift is awaited until the
// server has settled it: paid goes to Done, anything else back to the card with the reason.
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import type { Locale } from '@kifu/domain/enums';
import { parseNumeric } from '@kifu/domain/normalise';
import { useCallback } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { notify } from '@/components/ui/toast';
import type { DonateTarget } from '../donate-target';
import type { DonateFormValues } from '../form/field-values';
import { parseFormState } from '../form/form-state-codec';
import type { Contribution, DonationFormStore, EntryData, PendingDonation } from '../form/persisted-form-store';
import { totalOf } from '../form/step-validation';
import type { FlowDeps } from '../submit/submit-types';
import type { DonateStep } from '../steps/donate-steps';

const RETURN_PARAMS = ['donation_id', 'status_token', 'donation_token'] as const;

/** The query string of the current URL without the 3-D Secure return parameters. */
export function searchWithoutReturn(): string {
  const params = new URLSearchParams(window.location.search);
  for (const name of RETURN_PARAMS) params.delete(name);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The gift this page load returns from, if any; the parameters leave the address bar either way. */
export function takeThreeDSecureReturn(): { donationId: number; token: string | null } | undefined {
  const params = new URLSearchParams(window.location.search);
  if (RETURN_PARAMS.some((name) => params.has(name)))
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${searchWithoutReturn()}`);
  const donationId = Number(params.get('donation_id') ?? '');
  if (!Number.isSafeInteger(donationId) || donationId <= 0) return undefined;
  return { donationId, token: params.get('status_token') ?? params.get('donation_token') };
}

export interface ThreeDSecureReturnOptions {
  target: DonateTarget;
  entryKey: string;
  store: DonationFormStore;
  form: UseFormReturn<DonateFormValues>;
  locale: Locale;
  flowDeps: FlowDeps;
  /** The form's values from a stored entry ({} for none), as the flow holds them. */
  valuesOf(entry: EntryData): DonateFormValues;
  finishPaid(paid: Contribution, mode: 'push' | 'replace'): void;
  /** The gift failed: the reason, and the step the supporter goes back to. */
  showFailure(message: string, step: DonateStep): void;
}

/** Settles the gift a 3-D Secure return names: restore the form, await the server, show the outcome. */
export function useThreeDSecureReturn({
  target,
  entryKey: key,
  store,
  form,
  locale,
  flowDeps,
  valuesOf,
  finishPaid,
  showFailure,
}: ThreeDSecureReturnOptions) {
  return useCallback(
    async (donationId: number, tokenFromUrl: string | null, userId: number | null) => {
      const entry = store.getState().entry(key);
      const pending = entry.pending?.donationId === donationId ? entry.pending : undefined;
      const statusToken = tokenFromUrl ?? pending?.statusToken ?? null;
      let data: EntryData | undefined = entry.isInitialized ? entry : undefined;
      if (!data) {
        data = await flowDeps.api.getFormState(donationId, statusToken).then(parseFormState, () => undefined);
        if (data) store.getState().update(key, data);
      }
      if (!data) notify.error(DONATION_ERRORS.restoreForm[locale], { id: 'donation-form-restore' });
      const values = valuesOf(data ?? {});
      form.reset(values);
      const amount = parseNumeric(values.amount);
      const gift: PendingDonation = pending ?? {
        donationId,
        statusToken,
        paymentMethod: 'creditCard',
        frequency: values.frequency,
        amount: amount === undefined ? 0 : totalOf(target, amount, values.isCommissionContains),
        email: values.email,
      };
      // Only a page coming back from 3-D Secure needs the settling code: fetched then (ADR 043).
      const { settleCardDonation } = await import('../submit/settle-card-donation');
      const outcome = await settleCardDonation({ pending: gift, target, values, locale, userId }, { ...flowDeps, now: Date.now });
      if (outcome.status === 'paid') {
        finishPaid(outcome.contribution, 'replace');
        return;
      }
      store.getState().update(key, { pending: undefined });
      // The card has to be entered again (it is never stored), so the supporter goes back to it.
      showFailure(outcome.message, data ? 'info' : 'amount');
    },
    [flowDeps, store, key, form, locale, target, finishPaid, showFailure, valuesOf],
  );
}
