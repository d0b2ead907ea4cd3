// Test helpers for the schema tests: which rule keys a schema reports for an input.
import type { z } from 'zod';
import { toFieldError } from './rule-keys';

/**
 * The rule key a form would show per field, by dotted path: the first issue of each path, as
 * react-hook-form's zod resolver does.
 */
export function rulesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const rules: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const error = toFieldError(issue);
    rules[error.path.join('.')] ??= error.rule;
  }
  return rules;
}

/** The single rule key a field schema reports for an input, or undefined when it passes. */
export function ruleOf(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return toFieldError(result.error.issues[0]!).rule;
}
