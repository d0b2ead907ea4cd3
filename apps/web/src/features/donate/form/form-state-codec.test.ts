import { describe, expect, it } from 'vitest';
import { entryDataFromValues, parseFormState, serialiseFormState, valuesFromEntry } from './form-state-codec';
import { defaultFormValues, type DonateFormValues } from './field-values';

function filled(): DonateFormValues {
  const values = defaultFormValues();
  return {
    ...values,
    amount: '３０００',
    email: 'hanako@example.com',
    message: 'がんばってください',
    survey: { q1: ['2'] },
    profile: {
      ...values.profile,
      name: { lastName: '山田', firstName: '花子' },
      birthday: { year: '1990', month: '4', date: '1' },
      address: { postalCode: '1000001', state: '東京都', city: '千代田区', street: '千代田1-1', building: '' },
      phoneNumber: '0312345678',
    },
    card: { holder: 'HANAKO YAMADA', number: '4242424242424242', expirationMonth: '12', expirationYear: '30', cvc: '123' },
    password: 'secret123',
  };
}

describe('form state', () => {
  it('round-trips through an entry without the card or the password', () => {
    const values = filled();
    const restored = valuesFromEntry(entryDataFromValues(values));
    expect(restored).toEqual({ ...values, card: defaultFormValues().card, password: '' });
  });

  it('round-trips through the server string, which holds no card data', () => {
    const values = filled();
    const serialised = serialiseFormState(values);
    expect(serialised).not.toContain('4242');
    expect(serialised).not.toContain('secret123');
    expect(serialised).not.toContain('HANAKO');
    const entry = parseFormState(serialised);
    expect(entry).toBeDefined();
    expect(valuesFromEntry(entry!)).toEqual({ ...values, card: defaultFormValues().card, password: '' });
  });

  it('keeps the membership plan of an annual membership, and clears it for other frequencies (spec §5)', () => {
    const annual = { ...filled(), frequency: 'annual' as const, amount: '10000', membershipPlanId: '7' };
    expect(entryDataFromValues(annual).membership).toEqual({ planId: '7' });
    expect(valuesFromEntry(parseFormState(serialiseFormState(annual))!)).toMatchObject({ frequency: 'annual', membershipPlanId: '7' });
    const monthly = { ...annual, frequency: 'monthly' as const };
    expect(entryDataFromValues(monthly).membership).toBeUndefined();
    expect(valuesFromEntry(entryDataFromValues(monthly)).membershipPlanId).toBe('');
  });

  it('refuses strings that are not a form state', () => {
    expect(parseFormState('not json')).toBeUndefined();
    expect(parseFormState('{"version":2}')).toBeUndefined();
    expect(parseFormState('null')).toBeUndefined();
  });

  it('fills what an older entry lacks with defaults', () => {
    expect(valuesFromEntry({ amount: { amount: '5000' } })).toEqual({ ...defaultFormValues(), amount: '5000' });
  });
});
