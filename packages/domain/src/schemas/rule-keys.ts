// Schemas report rule keys, never sentences (conventions.md: "English sentences in API responses or
// schemas" is an anti-pattern). The keys follow the rule types of spec §5 (required, pattern,
// validate, value, minLength, maxLength, min, max) with a suffix where §8 words a case differently;
// `fieldErrorMessage` in the catalogue turns a key and a field label into ja or en text.
import type { z } from 'zod';

export const FIELD_RULE_KEYS = [
  'required',
  'required.consent',
  'pattern',
  'pattern.halfwidthNumber',
  'pattern.number',
  'pattern.multipleOf10',
  'pattern.passwordV1',
  'pattern.postalCode',
  'pattern.katakana',
  /** A NUL character or a lone surrogate (usable-text.ts). */
  'pattern.invalidCharacter',
  'value',
  'validate.required',
  'validate.year',
  'validate.month',
  'validate.date',
  'minLength',
  'maxLength',
  'min',
  'max',
  'unique',
  'pastDate',
  /** A campaign's end before its start, or a campaign longer than it may run (campaign-editing.ts). */
  'endBeforeStart',
  'tooLong',
  'promotionCode',
  /** An uploaded image with more pixels than UPLOAD_IMAGE_MAX_PIXELS (constants.ts). */
  'imagePixels',
  /** The bank's account check (ADR 074): no such account, a closed one, or held by another name. */
  'bankAccount.notFound',
  'bankAccount.closed',
  'bankAccount.holderMismatch',
  /** A corporate number whose check digit does not match (corporate-number.ts). */
  'corporateNumber.checkDigit',
  /** An associate's public address outside ASSOCIATE_UID_PATTERN (associate-application.ts). */
  'pattern.associateUid',
  /** A payout run "as of" a day too far ahead (statements.ts, ADR 079). */
  'payoutRun.asOfTooFar',
] as const;
export type FieldRuleKey = (typeof FIELD_RULE_KEYS)[number];

export function isFieldRuleKey(value: string): value is FieldRuleKey {
  return (FIELD_RULE_KEYS as readonly string[]).includes(value);
}

export interface FieldRuleParams {
  min?: number;
  max?: number;
}

export interface FieldError {
  path: (string | number)[];
  rule: FieldRuleKey;
  params: FieldRuleParams;
}

/**
 * A zod issue as the form and the API report it: its path, its rule key and the bound that was
 * crossed. An issue whose message is not a rule key (a shape error from a schema outside this
 * package) is reported as 'value'.
 */
export function toFieldError(issue: z.core.$ZodIssue): FieldError {
  const params: FieldRuleParams = {};
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  return {
    path: issue.path.filter((key): key is string | number => typeof key !== 'symbol'),
    rule: isFieldRuleKey(issue.message) ? issue.message : 'value',
    params,
  };
}
