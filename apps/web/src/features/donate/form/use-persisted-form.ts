// What is typed is kept in client storage per associate or campaign (spec §3 "Donation form
// state"), never the card or the password; the first edit turns the entry into a draft (spec §4
// "Donation form entry status"). Only once the form is ready: restoring must not count as typing.
import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { DonateFormValues } from './field-values';
import { entryDataFromValues } from './form-state-codec';
import type { DonationFormStore } from './persisted-form-store';

export function usePersistedForm(form: UseFormReturn<DonateFormValues>, store: DonationFormStore, key: string, ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const subscription = form.watch((_values, { name }) => {
      if (!name || name.startsWith('card.') || name === 'password') return;
      const state = store.getState();
      state.update(key, entryDataFromValues(form.getValues()));
      if (state.entry(key).status !== 'draft') state.setStatus(key, 'draft');
    });
    return () => subscription.unsubscribe();
  }, [ready, form, store, key]);
}
