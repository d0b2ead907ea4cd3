// The annual membership flow's rules on top of the gift form (spec §2 "Membership steps: Plan,
// Info, Confirm, Done", §5 "A membership plan must be selected for membership", "Annual frequency
// also requires membership plan id, unit, unit amount and on-month", §9 annual card limits). A
// membership is an annual card gift whose amount is the chosen plan's yearly price.
import { amountLimits, checkAmount, membershipYearlyPrice } from '@kifu/domain/money';
import { parseNumeric } from '@kifu/domain/normalise';
import { z } from 'zod';
import { entryKeyOf, type DonateTarget } from '../donate-target';
import type { DonateFormValues } from '../form/field-values';

export type MembershipPlan = DonateTarget['associate']['membershipPlans'][number];

/** The plan step's issue when no plan (or no plan of this associate) is chosen. */
export const MEMBERSHIP_PLAN_ISSUE = 'membershipPlanId';

/** Spec §9: annual card membership bounds. */
export const MEMBERSHIP_LIMITS = amountLimits('creditCard', 'annual');

/** What a plan costs a year: its units times the unit amount. */
export function planPrice(plan: Pick<MembershipPlan, 'unit' | 'unit_amount'>): number {
  return membershipYearlyPrice(plan);
}

/** Whether a plan can be bought by card (its price within the annual card limits). */
export function isPlanAvailable(plan: MembershipPlan): boolean {
  return checkAmount(planPrice(plan), 'creditCard', 'annual').ok;
}

export function selectedPlan(target: DonateTarget, planId: string): MembershipPlan | undefined {
  if (planId === '') return undefined;
  return target.associate.membershipPlans.find((plan) => String(plan.id) === planId);
}

/** Whether the donate page offers the membership flow: an associate's own page with plans. */
export function offersMembership(target: DonateTarget): boolean {
  return target.campaign === null && target.associate.membershipPlans.length > 0;
}

/** The membership flow keeps its own form state entry, so a draft gift and a draft membership never mix. */
export function membershipEntryKeyOf(target: DonateTarget): string {
  return `${entryKeyOf(target)}:membership`;
}

/**
 * The values the membership flow holds whatever was stored: annual, by card (wallet pay has no
 * annual plan, bank transfer is single only), named (a member is known to the associate), no fee
 * option, and the amount of the chosen plan.
 */
export function asMembershipValues(values: DonateFormValues, target: DonateTarget): DonateFormValues {
  const plan = selectedPlan(target, values.membershipPlanId);
  return {
    ...values,
    frequency: 'annual',
    paymentMethod: 'creditCard',
    rewardId: '',
    promotionCode: '',
    isAnonymous: false,
    isCommissionContains: false,
    membershipPlanId: plan ? values.membershipPlanId : '',
    amount: plan ? String(planPrice(plan)) : '',
  };
}

/** The membership fields of the readiness check (spec §5), or null outside an annual membership. */
export function membershipReadinessOf(target: DonateTarget, values: Pick<DonateFormValues, 'frequency' | 'membershipPlanId'>) {
  if (values.frequency !== 'annual') return null;
  const plan = selectedPlan(target, values.membershipPlanId);
  return { planId: plan?.id ?? null, unit: plan?.unit ?? null, unitAmount: plan?.unit_amount ?? null, onMonth: plan?.on_month ?? null };
}

/**
 * The Plan step's schema: one of the associate's plans, whose price is the amount and lies within
 * the annual card limits; `details` are the fields the plan step shares with the Amount step.
 */
export function planStepSchema(target: DonateTarget, values: DonateFormValues, details: z.ZodRawShape) {
  return z
    .object({
      membershipPlanId: z.string().refine((id) => selectedPlan(target, id) !== undefined, MEMBERSHIP_PLAN_ISSUE),
      ...details,
    })
    .superRefine((_parsed, ctx) => {
      const plan = selectedPlan(target, values.membershipPlanId);
      if (!plan) return;
      const price = planPrice(plan);
      const { min, max } = MEMBERSHIP_LIMITS;
      const path = ['membershipPlanId'];
      if (price < min)
        ctx.addIssue({ code: 'too_small', origin: 'number', minimum: min, inclusive: true, message: 'min', path, input: price });
      else if (price > max)
        ctx.addIssue({ code: 'too_big', origin: 'number', maximum: max, inclusive: true, message: 'max', path, input: price });
      else if (parseNumeric(values.amount) !== price) ctx.addIssue({ code: 'custom', message: MEMBERSHIP_PLAN_ISSUE, path });
    });
}
