// A react-hook-form resolver over the domain schemas that keeps what a message needs. zod issues
// carry rule keys (packages/domain schemas/rule-keys.ts); the generic zod resolver keeps only the
// key and drops the bound (the 6 of "at least 6 characters"), so this one goes through the domain's
// own `toFieldError`, which keeps both, and stores the bounds on the field error's `types`.
import { toFieldError, type FieldRuleParams } from '@kifu/domain/schemas/rule-keys';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

function setIn(target: Record<string, unknown>, path: (string | number)[], value: FieldError): void {
  let node = target;
  path.forEach((key, index) => {
    const name = String(key);
    if (index === path.length - 1) {
      // The first issue of a field wins: it is the one the schema checks first.
      if (node[name] === undefined) node[name] = value;
      return;
    }
    const next = node[name];
    if (typeof next !== 'object' || next === null || 'type' in next) node[name] = {};
    node = node[name] as Record<string, unknown>;
  });
}

/** Turns a schema's issues into react-hook-form errors: `type` is the rule key, `types` the bounds. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const fieldError = toFieldError(issue);
    const types: Record<string, string> = {};
    for (const bound of ['min', 'max'] as const satisfies readonly (keyof FieldRuleParams)[]) {
      const value = fieldError.params[bound];
      if (value !== undefined) types[bound] = String(value);
    }
    // Custom form issues (e.g. 'rewardSoldOut') are not rule keys; keep their message as given.
    setIn(errors, fieldError.path.length > 0 ? fieldError.path : ['root'], {
      type: fieldError.rule === 'value' && issue.message !== 'value' ? issue.message : fieldError.rule,
      message: issue.message,
      types,
    });
  }
  return errors as FieldErrors;
}

/** A resolver that validates with whatever schema `schemaFor` picks for the current values. */
export function domainResolver<T extends FieldValues>(schemaFor: (values: T) => z.ZodType): Resolver<T> {
  return async (values) => {
    const result = schemaFor(values).safeParse(values);
    if (result.success) return { values, errors: {} };
    return { values: {}, errors: issuesToFieldErrors(result.error.issues) as FieldErrors<T> };
  };
}
