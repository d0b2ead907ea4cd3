import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from '../form/domain-resolver';
import { firstInvalidStep, schemaForStep } from '../form/step-validation';
import { fieldErrorText } from '../form/field-error-text';
import { makeTarget, makeValues } from '../test-fixtures';
import {
  asMembershipValues,
  isPlanAvailable,
  membershipEntryKeyOf,
  membershipReadinessOf,
  offersMembership,
  planPrice,
  selectedPlan,
} from './membership-plans';

const target = makeTarget();
const now = new Date('2025-06-01T00:00:00Z');
const annual = (planId: string, amount?: string) =>
  asMembershipValues(makeValues({ membershipPlanId: planId, ...(amount === undefined ? {} : { amount }) }), target);

function planError(values: ReturnType<typeof annual>, locale: 'ja' | 'en' = 'ja') {
  const result = schemaForStep('amount', { target, now }, values).safeParse(values);
  if (result.success) return undefined;
  const errors = issuesToFieldErrors(result.error.issues) as Record<string, Parameters<typeof fieldErrorText>[0]>;
  return fieldErrorText(errors.membershipPlanId, '会員プラン', locale, { money: true });
}

describe('membership plans', () => {
  it('prices a plan as units × unit amount, within the annual card limits (spec §9: 300 to 6,000,000)', () => {
    const [full, corporate, tooCheap] = target.associate.membershipPlans;
    expect(planPrice(full!)).toBe(10_000);
    expect(planPrice(corporate!)).toBe(10_000);
    expect(isPlanAvailable(full!)).toBe(true);
    expect(isPlanAvailable(tooCheap!)).toBe(false);
    expect(isPlanAvailable({ ...full!, unit_amount: 300 })).toBe(true);
    expect(isPlanAvailable({ ...full!, unit: 2, unit_amount: 3_000_001 })).toBe(false);
  });

  it('holds the membership flow to annual, by card, named, without the fee option, at the plan price', () => {
    const values = asMembershipValues(
      makeValues({
        frequency: 'monthly',
        paymentMethod: 'bankTransfer',
        isAnonymous: true,
        isCommissionContains: true,
        amount: '1',
        membershipPlanId: '12',
      }),
      target,
    );
    expect(values).toMatchObject({
      frequency: 'annual',
      paymentMethod: 'creditCard',
      isAnonymous: false,
      isCommissionContains: false,
      membershipPlanId: '12',
      amount: '10000',
    });
    // A plan the associate no longer has is dropped.
    expect(asMembershipValues(makeValues({ membershipPlanId: '99' }), target)).toMatchObject({ membershipPlanId: '', amount: '' });
  });

  it('requires a plan on the Plan step (spec §5) and words it in ja and en', () => {
    expect(planError(annual(''))).toBe('会員プランを選択してください。');
    expect(planError(annual(''), 'en')).toBe('Please select a membership plan.');
    expect(planError(annual('11'))).toBeUndefined();
    expect(firstInvalidStep({ target, now }, annual(''))).toBe('amount');
    expect(firstInvalidStep({ target, now }, annual('11'))).toBeUndefined();
  });

  it('refuses a plan below the annual minimum, and an amount that is not the plan price', () => {
    expect(planError(annual('13'))).toMatch(/300円/);
    expect(planError({ ...annual('11'), amount: '9000' })).toBe('会員プランを選択してください。');
  });

  it('still asks the survey and checks the message like the Amount step', () => {
    const values = { ...annual('11'), survey: {} };
    expect(schemaForStep('amount', { target, now }, values).safeParse(values).success).toBe(false);
  });

  it('gives the readiness check the plan id, unit, unit amount and on-month for annual only', () => {
    expect(membershipReadinessOf(target, { frequency: 'annual', membershipPlanId: '12' })).toEqual({
      planId: 12,
      unit: 2,
      unitAmount: 5_000,
      onMonth: 4,
    });
    expect(membershipReadinessOf(target, { frequency: 'annual', membershipPlanId: '' })).toEqual({
      planId: null,
      unit: null,
      unitAmount: null,
      onMonth: null,
    });
    expect(membershipReadinessOf(target, { frequency: 'single', membershipPlanId: '12' })).toBeNull();
    expect(selectedPlan(target, '12')?.name).toBe('法人会員');
  });

  it('is offered for an associate with plans, never for a campaign, under its own form state entry', () => {
    expect(offersMembership(target)).toBe(true);
    expect(offersMembership(makeTarget({ associate: { ...target.associate, membershipPlans: [] } }))).toBe(false);
    expect(offersMembership(makeTarget({ campaign: { id: 3, title: 'c', status: 'published', rewards: [] } }))).toBe(false);
    expect(membershipEntryKeyOf(target)).toBe('associate:1:membership');
  });
});
