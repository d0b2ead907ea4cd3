// Validation of each step with the domain schemas (spec §5; conventions.md #12: the rules live once,
// in packages/domain). Every issue carries a rule key, turned into text by `fieldErrorMessage`.
import { isAllowedCombination, amountLimits, feeIncludedTotal, type AmountLimits } from '@kifu/domain/money';
import { cardSchema } from '@kifu/domain/schemas/card';
import { DONATION_MESSAGE_MAX_LENGTH } from '@kifu/domain/constants';
import { numberSchema, passwordSchema, requiredEmailSchema, textField } from '@kifu/domain/schemas/fields';
import { userProfileSchemaFor } from '@kifu/domain/schemas/user-profile';
import { parseNumeric } from '@kifu/domain/normalise';
import { z } from 'zod';
import type { DonateStep } from '../steps/donate-steps';
import { isCampaign, type DonateReward, type DonateTarget } from '../donate-target';
import { FORM_FREQUENCIES, FORM_PAYMENT_METHODS, surveyKey, type DonateFormValues, type FormPaymentMethod } from './field-values';
import { MEMBERSHIP_PLAN_ISSUE, planStepSchema } from '../membership/membership-plans';

export interface SchemaContext {
  target: DonateTarget;
  /** The instant the card's expiry year is judged at. */
  now: Date;
}

/** Messages the form renders from the catalogue rather than as field rules. */
export const FORM_ISSUES = {
  rewardSoldOut: 'rewardSoldOut',
  frequencyNotAllowed: 'frequencyNotAllowed',
  membershipPlanId: MEMBERSHIP_PLAN_ISSUE,
} as const;

export function selectedReward(target: DonateTarget, rewardId: string): DonateReward | undefined {
  if (!target.campaign || rewardId === '') return undefined;
  return target.campaign.rewards.find((reward) => String(reward.id) === rewardId);
}

/** The amount limits that apply: the method's (spec §9), raised to the chosen reward's amount. */
export function effectiveLimits(
  target: DonateTarget,
  values: Pick<DonateFormValues, 'paymentMethod' | 'frequency' | 'rewardId'>,
): AmountLimits {
  const limits = amountLimits(values.paymentMethod, values.frequency);
  const reward = selectedReward(target, values.rewardId);
  return reward ? { min: Math.max(limits.min, reward.amount), max: limits.max } : limits;
}

/**
 * Which limit an amount breaks, if any: above the method's maximum (also when the fee-included
 * total is, as the amount step's schema rules) or below the minimum. Undefined for an amount in range.
 */
export function amountLimitBreach(amount: number, total: number, limits: AmountLimits): 'above_max' | 'below_min' | undefined {
  if (amount > limits.max || total > limits.max) return 'above_max';
  if (amount < limits.min) return 'below_min';
  return undefined;
}

/** The methods a target offers: a portfolio gift has no wallet pay (ADR 010). */
export function paymentMethodsOf(target: DonateTarget): readonly FormPaymentMethod[] {
  return target.portfolio ? FORM_PAYMENT_METHODS.filter((method) => method !== 'walletPay') : FORM_PAYMENT_METHODS;
}

/** What the supporter pays: the amount, or with "Including fee and tax" the fee-included total. */
export function totalOf(target: DonateTarget, amount: number, isCommissionContains: boolean): number {
  return isCommissionContains ? feeIncludedTotal(amount, { campaign: isCampaign(target) }) : amount;
}

/** The first step's fields besides what is given: the message and the associate's survey. */
function giftDetailsShape(target: DonateTarget) {
  return {
    message: textField(DONATION_MESSAGE_MAX_LENGTH),
    survey: z.object(
      Object.fromEntries(
        target.associate.surveyQuestions.map((question) => [
          surveyKey(question.id),
          question.is_required ? z.array(z.string(), { error: 'required' }).min(1, 'required') : z.array(z.string()).optional(),
        ]),
      ),
    ),
  };
}

export function amountStepSchema(context: SchemaContext, values: DonateFormValues) {
  const { target } = context;
  // The membership flow's first step is the Plan (annual is its frequency only).
  if (values.frequency === 'annual') return planStepSchema(target, values, giftDetailsShape(target));
  const { min, max } = effectiveLimits(target, values);
  return z
    .object({
      frequency: z.enum(FORM_FREQUENCIES, { error: 'required' }),
      paymentMethod: z.enum(paymentMethodsOf(target), { error: 'required' }),
      amount: numberSchema.pipe(z.number().min(min, 'min').max(max, 'max')),
      rewardId: z.string(),
      ...giftDetailsShape(target),
    })
    .superRefine((_parsed, ctx) => {
      if (!isAllowedCombination(values.paymentMethod, values.frequency)) {
        ctx.addIssue({ code: 'custom', message: FORM_ISSUES.frequencyNotAllowed, path: ['paymentMethod'] });
      }
      if (selectedReward(target, values.rewardId)?.sold_out) {
        ctx.addIssue({ code: 'custom', message: FORM_ISSUES.rewardSoldOut, path: ['rewardId'] });
      }
      // The limit applies to what is charged, so a fee-included total may not cross it either.
      const amount = parseNumeric(values.amount);
      if (
        amount !== undefined &&
        amount <= max &&
        amountLimitBreach(amount, totalOf(target, amount, values.isCommissionContains), { min, max }) === 'above_max'
      ) {
        ctx.addIssue({ code: 'too_big', origin: 'number', maximum: max, inclusive: true, message: 'max', path: ['amount'], input: amount });
      }
    });
}

export function infoStepSchema(context: SchemaContext, values: DonateFormValues) {
  return z.object({
    email: requiredEmailSchema,
    profile: userProfileSchemaFor(context.target.associate.id),
    // The saved card needs no input; the form offers the choice only to a supporter who has one.
    card: values.paymentMethod === 'creditCard' && !values.useSavedCard ? cardSchema(context.now) : z.unknown(),
  });
}

/** The optional sign-up password: empty, or a valid password. */
const optionalPassword = z.string().superRefine((value, ctx) => {
  if (value === '') return;
  const result = passwordSchema.safeParse(value);
  if (result.success) return;
  const issue = result.error.issues[0]!;
  if (issue.code === 'too_small')
    ctx.addIssue({ code: 'too_small', origin: 'string', minimum: issue.minimum, inclusive: true, message: issue.message, input: value });
  else if (issue.code === 'too_big')
    ctx.addIssue({ code: 'too_big', origin: 'string', maximum: issue.maximum, inclusive: true, message: issue.message, input: value });
  else ctx.addIssue({ code: 'custom', message: issue.message });
});

export function confirmStepSchema() {
  return z.object({ password: optionalPassword });
}

/** The schema a step's "next" button checks; Done has nothing to check. */
export function schemaForStep(step: DonateStep, context: SchemaContext, values: DonateFormValues): z.ZodType {
  switch (step) {
    case 'amount':
      return amountStepSchema(context, values);
    case 'info':
      return infoStepSchema(context, values);
    case 'confirm':
      return confirmStepSchema();
    case 'done':
      return z.unknown();
  }
}

/** The first step whose values do not pass, so a submit can send the supporter back there. */
export function firstInvalidStep(context: SchemaContext, values: DonateFormValues): DonateStep | undefined {
  for (const step of ['amount', 'info', 'confirm'] as const) {
    if (!schemaForStep(step, context, values).safeParse(values).success) return step;
  }
  return undefined;
}
