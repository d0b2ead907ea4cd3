import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import {
  clearedEntry,
  createDonationFormStore,
  DONATION_FORM_STORAGE_KEY,
  newEntry,
  restoreDonationForm,
  withStatus,
  type DonationFormEntry,
} from './persisted-form-store';
import { emptyProfile } from './field-values';

function memoryStorage(): StateStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const contribution = {
  donationId: 1,
  paymentMethod: 'creditCard',
  frequency: 'single',
  amount: 3000,
  email: 'a@example.com',
  virtualAccount: null,
} as const;

function fullEntry(): DonationFormEntry {
  return {
    option: {
      frequency: 'single',
      paymentMethod: 'creditCard',
      rewardId: '',
      isCommissionContains: false,
      isAnonymous: false,
      needReceipt: true,
      needNewsLetter: false,
    },
    amount: { amount: '3000' },
    membership: { planId: '1' },
    userProfile: { email: 'a@example.com', isCorporation: false, profile: emptyProfile() },
    creditCard: { useSavedCard: false },
    walletPay: { checkoutSessionId: 'x' },
    confirmation: { message: 'hi', survey: {} },
    contribution,
    status: 'draft',
    isInitialized: true,
  };
}

describe('donation form entry status (spec §4)', () => {
  it('starts as init and uninitialized', () => {
    expect(newEntry()).toEqual({ status: 'init', isInitialized: false });
  });

  it('init can be set freely and clears nothing', () => {
    const entry = fullEntry();
    expect(withStatus(entry, 'init')).toEqual({ ...entry, status: 'init' });
  });

  it('draft clears the contribution only', () => {
    const entry = fullEntry();
    expect(withStatus(entry, 'draft')).toEqual({ ...entry, contribution: undefined, status: 'draft' });
  });

  it('done clears membership, amount, profile, card, confirmation and wallet data and resets isInitialized', () => {
    const entry = fullEntry();
    const done = withStatus(entry, 'done');
    expect(done).toEqual({
      option: entry.option,
      contribution,
      membership: undefined,
      amount: undefined,
      userProfile: undefined,
      creditCard: undefined,
      confirmation: undefined,
      walletPay: undefined,
      status: 'done',
      isInitialized: false,
    });
  });

  it('clearing removes option, amount, membership, profile, card and confirmation', () => {
    const entry = fullEntry();
    expect(clearedEntry(entry)).toEqual({
      ...entry,
      option: undefined,
      amount: undefined,
      membership: undefined,
      userProfile: undefined,
      creditCard: undefined,
      confirmation: undefined,
    });
  });
});

describe('donation form store', () => {
  it('keeps entries per associate and per campaign', () => {
    const store = createDonationFormStore(memoryStorage);
    store.getState().update('associate:1', { amount: { amount: '3000' } });
    store.getState().update('campaign:7', { amount: { amount: '5000' } });
    expect(store.getState().entry('associate:1')).toMatchObject({ amount: { amount: '3000' }, isInitialized: true, status: 'init' });
    expect(store.getState().entry('campaign:7').amount).toEqual({ amount: '5000' });
    expect(store.getState().entry('associate:2')).toEqual(newEntry());
  });

  it('applies the status transitions to the stored entry', () => {
    const store = createDonationFormStore(memoryStorage);
    store.getState().update('associate:1', { amount: { amount: '3000' }, contribution });
    store.getState().setStatus('associate:1', 'draft');
    expect(store.getState().entry('associate:1').contribution).toBeUndefined();
    store.getState().update('associate:1', { contribution });
    store.getState().setStatus('associate:1', 'done');
    expect(store.getState().entry('associate:1')).toMatchObject({ status: 'done', isInitialized: false, amount: undefined, contribution });
    store.getState().clear('associate:1');
    expect(store.getState().entry('associate:1').amount).toBeUndefined();
  });

  it('survives a reload through storage, and stores no card data', async () => {
    const storage = memoryStorage();
    const first = createDonationFormStore(() => storage);
    await restoreDonationForm(first);
    first.getState().update('associate:1', { amount: { amount: '3000' }, creditCard: { useSavedCard: false } });
    const saved = storage.data.get(DONATION_FORM_STORAGE_KEY)!;
    expect(saved).toContain('3000');
    expect(saved).not.toMatch(/number|cvc|securityCode|password/i);

    const second = createDonationFormStore(() => storage);
    expect(second.getState().entry('associate:1').amount).toBeUndefined();
    await restoreDonationForm(second);
    expect(second.getState().isRestored).toBe(true);
    expect(second.getState().entry('associate:1').amount).toEqual({ amount: '3000' });
  });
});
