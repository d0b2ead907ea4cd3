// A field's error as text: rule keys through the catalogue's `fieldErrorMessage` (spec §8 "Field
// errors", looked up by rule and field label), with the bounds the resolver kept; the few form
// issues that are not field rules come from the readiness messages.
import { READINESS_GAP_MESSAGES } from '@kifu/domain/catalogue/form-messages';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { isFieldRuleKey } from '@kifu/domain/schemas/rule-keys';
import type { FieldError } from 'react-hook-form';
import { FORM_ISSUES } from './step-validation';

export interface ErrorTextOptions {
  /** Bounds are money (the amount field): shown as "3,000円" / "¥3,000". */
  money?: boolean;
}

export function fieldErrorText(
  error: FieldError | undefined,
  label: string,
  locale: Locale,
  options: ErrorTextOptions = {},
): string | undefined {
  if (!error) return undefined;
  const rule = String(error.type);
  if (rule === FORM_ISSUES.rewardSoldOut) return READINESS_GAP_MESSAGES.rewardSoldOut[locale];
  if (rule === FORM_ISSUES.frequencyNotAllowed) return READINESS_GAP_MESSAGES.frequencyNotAllowed[locale];
  if (rule === FORM_ISSUES.membershipPlanId) return READINESS_GAP_MESSAGES.membershipPlanId[locale];
  const bound = (value: unknown) => {
    if (typeof value !== 'string' || value === '') return undefined;
    return options.money ? formatYenAmount(Number(value), locale) : value;
  };
  const params = { min: bound(error.types?.min), max: bound(error.types?.max) };
  return fieldErrorMessage(isFieldRuleKey(rule) ? rule : 'value', label, locale, params);
}
