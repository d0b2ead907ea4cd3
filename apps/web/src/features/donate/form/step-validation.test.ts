import { describe, expect, it } from 'vitest';
import { domainResolver, issuesToFieldErrors } from './domain-resolver';
import {
  amountLimitBreach,
  amountStepSchema,
  confirmStepSchema,
  effectiveLimits,
  firstInvalidStep,
  infoStepSchema,
  schemaForStep,
  totalOf,
} from './step-validation';
import type { DonateFormValues } from './field-values';
import { makeTarget, makeValues } from '../test-fixtures';

const now = new Date('2025-06-01T00:00:00Z');
const campaignTarget = makeTarget({
  campaign: {
    id: 7,
    title: '里山',
    status: 'published',
    rewards: [
      {
        id: 70,
        title: 'Thanks',
        description: '',
        amount: 3000,
        stock: null,
        applied_count: 4,
        shipping_month: null,
        image_url: '',
        sold_out: false,
      },
      {
        id: 71,
        title: 'Tour',
        description: '',
        amount: 20000,
        stock: 5,
        applied_count: 5,
        shipping_month: '2026-04',
        image_url: '',
        sold_out: true,
      },
    ],
  },
});

function errorsOf(schema: ReturnType<typeof amountStepSchema> | ReturnType<typeof infoStepSchema>, values: DonateFormValues) {
  const result = schema.safeParse(values);
  return result.success ? {} : issuesToFieldErrors(result.error.issues);
}

describe('amount step', () => {
  const target = makeTarget();
  const check = (overrides: Partial<DonateFormValues>) => {
    const values = makeValues(overrides);
    return errorsOf(amountStepSchema({ target, now }, values), values);
  };

  it('accepts full-width digits', () => {
    expect(check({ amount: '３，０００'.replace('，', '') })).toEqual({});
  });

  it('reports a missing or non-numeric amount with its rule', () => {
    expect(check({ amount: '' })).toMatchObject({ amount: { type: 'required' } });
    expect(check({ amount: 'abc' })).toMatchObject({ amount: { type: 'pattern.number' } });
  });

  it('applies the limits by method with their bounds', () => {
    expect(check({ amount: '99' })).toMatchObject({ amount: { type: 'min', types: { min: '100' } } });
    expect(check({ amount: '6000001' })).toMatchObject({ amount: { type: 'max', types: { max: '6000000' } } });
    expect(check({ amount: '6000001', paymentMethod: 'bankTransfer' })).toEqual({});
  });

  it('keeps the fee-included total within the limit', () => {
    expect(check({ amount: '6000000', isCommissionContains: true })).toMatchObject({ amount: { type: 'max', types: { max: '6000000' } } });
    expect(totalOf(target, 3000, true)).toBe(3175);
    expect(totalOf(campaignTarget, 3000, true)).toBe(3212);
  });

  it('allows bank transfer for single gifts only', () => {
    expect(check({ paymentMethod: 'bankTransfer', frequency: 'monthly' })).toMatchObject({
      paymentMethod: { type: 'frequencyNotAllowed' },
    });
  });

  it('requires the required survey questions', () => {
    expect(check({ survey: {} })).toMatchObject({ survey: { q5: { type: 'required' } } });
  });

  it('blocks a sold-out reward and raises the minimum to the reward amount', () => {
    const values = makeValues({ rewardId: '71', amount: '20000' });
    expect(errorsOf(amountStepSchema({ target: campaignTarget, now }, values), values)).toMatchObject({
      rewardId: { type: 'rewardSoldOut' },
    });
    const low = makeValues({ rewardId: '70', amount: '1000' });
    expect(effectiveLimits(campaignTarget, low).min).toBe(3000);
    expect(errorsOf(amountStepSchema({ target: campaignTarget, now }, low), low)).toMatchObject({
      amount: { type: 'min', types: { min: '3000' } },
    });
  });
});

describe('info step', () => {
  it('checks email, profile and card with the domain schemas', () => {
    const values = makeValues({ email: 'not-an-email' });
    values.profile.address.postalCode = '12';
    values.card.expirationYear = '24';
    values.card.cvc = '';
    expect(errorsOf(infoStepSchema({ target: makeTarget(), now }, values), values)).toMatchObject({
      email: { type: 'pattern' },
      profile: { address: { postalCode: { type: 'pattern.postalCode' } } },
      card: { expirationYear: { type: 'min', types: { min: '25' } }, cvc: { type: 'required' } },
    });
  });

  it('does not ask for a card for a bank transfer', () => {
    const values = makeValues({
      paymentMethod: 'bankTransfer',
      card: { holder: '', number: '', expirationMonth: '', expirationYear: '', cvc: '' },
    });
    expect(errorsOf(infoStepSchema({ target: makeTarget(), now }, values), values)).toEqual({});
  });

  it('requires phonetic names for associate 29 once a name is entered', () => {
    const target = makeTarget();
    target.associate.id = 29;
    const values = makeValues();
    expect(errorsOf(infoStepSchema({ target, now }, values), values)).toMatchObject({
      profile: { nameKana: { lastNameKana: { type: 'required' } } },
    });
    values.profile.nameKana = { lastNameKana: 'やまだ', firstNameKana: 'ハナコ' };
    expect(errorsOf(infoStepSchema({ target, now }, values), values)).toEqual({});
  });
});

describe('confirm step', () => {
  it('takes no password or one of at least 6 characters', () => {
    expect(confirmStepSchema().safeParse({ password: '' }).success).toBe(true);
    const short = confirmStepSchema().safeParse({ password: 'abc' });
    expect(short.success ? {} : issuesToFieldErrors(short.error.issues)).toMatchObject({
      password: { type: 'minLength', types: { min: '6' } },
    });
  });
});

describe('whole form', () => {
  it('names the first step that does not pass', () => {
    expect(firstInvalidStep({ target: makeTarget(), now }, makeValues())).toBeUndefined();
    expect(firstInvalidStep({ target: makeTarget(), now }, makeValues({ email: '' }))).toBe('info');
    expect(firstInvalidStep({ target: makeTarget(), now }, makeValues({ amount: '' }))).toBe('amount');
  });

  it('resolves react-hook-form values with the raw input kept', async () => {
    const resolver = domainResolver<DonateFormValues>((values) => schemaForStep('amount', { target: makeTarget(), now }, values));
    const values = makeValues({ amount: '３０００' });
    const ok = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok).toEqual({ values, errors: {} });
    const bad = await resolver(makeValues({ amount: '' }), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(bad.errors).toMatchObject({ amount: { type: 'required', message: 'required' } });
  });
});

describe('amountLimitBreach', () => {
  const card = { min: 100, max: 6_000_000 };
  it('reports the upper limit for the amount or its fee-included total, the lower one below the minimum', () => {
    expect(amountLimitBreach(6_000_001, 6_000_001, card)).toBe('above_max');
    expect(amountLimitBreach(5_800_000, 6_140_000, card)).toBe('above_max');
    expect(amountLimitBreach(99, 99, card)).toBe('below_min');
    expect(amountLimitBreach(6_000_000, 6_000_000, card)).toBeUndefined();
    expect(amountLimitBreach(100, 106, card)).toBeUndefined();
  });
});
