// Shared fixtures for the donate unit tests: a target and form values that pass every step.
import type { DonateTarget } from './donate-target';
import { defaultFormValues, type DonateFormValues } from './form/field-values';
import type { StoredPrivateProfile } from './supporter/signed-in-supporter';

export function makeTarget(overrides: Partial<DonateTarget> = {}): DonateTarget {
  return {
    associate: {
      id: 1,
      uid: 'kodomo',
      name: 'こども食堂みらい',
      logoUrl: '/backend/media/logo.svg',
      isDeductible: true,
      prices: [
        { id: 1, amount: 3000, frequency: 'single', description: 'flyers' },
        { id: 2, amount: 1000, frequency: 'monthly', description: 'monthly' },
      ],
      surveyQuestions: [
        {
          id: 5,
          question: 'どこで知りましたか',
          is_required: true,
          allows_multiple: false,
          choices: [
            { id: 51, label: 'SNS' },
            { id: 52, label: '友人' },
          ],
        },
      ],
      membershipPlans: [
        { id: 11, name: '正会員', description: '議決権があります。', unit: 1, unit_amount: 10_000, on_month: 4 },
        { id: 12, name: '法人会員', description: '2口です。', unit: 2, unit_amount: 5_000, on_month: 4 },
        { id: 13, name: '試し会員', description: '安すぎます。', unit: 1, unit_amount: 200, on_month: 10 },
      ],
    },
    campaign: null,
    ...overrides,
  };
}

export function makeValues(overrides: Partial<DonateFormValues> = {}): DonateFormValues {
  const values = defaultFormValues();
  return {
    ...values,
    amount: '3000',
    survey: { q5: ['51'] },
    email: 'hanako@example.com',
    profile: {
      name: { lastName: '山田', firstName: '花子' },
      nameKana: { lastNameKana: '', firstNameKana: '' },
      birthday: { year: '1990', month: '4', date: '1' },
      address: { postalCode: '100-0001', state: '東京都', city: '千代田区', street: '千代田1-1', building: '' },
      phoneNumber: '03-1234-5678',
      gender: '',
    },
    card: { holder: 'HANAKO YAMADA', number: '4242424242424242', expirationMonth: '12', expirationYear: '39', cvc: '123' },
    ...overrides,
  };
}

/** A signed-in user's stored private profile (GET /user/me/) matching `makeValues()`'s profile; `overrides` win. */
export function makeStoredProfile(overrides: Partial<StoredPrivateProfile> = {}): StoredPrivateProfile {
  return {
    firstName: '花子',
    lastName: '山田',
    firstNameKana: '',
    lastNameKana: '',
    gender: 3,
    birthday: '1990-04-01',
    zipCode: '1000001',
    area: '東京都',
    city: '千代田区',
    address1: '千代田1-1',
    address2: '',
    phone: '0312345678',
    ...overrides,
  };
}
