// Environment value parsing (spec §5 "Environment values"): booleans accept true, false, 1 and 0;
// unparsable numbers or JSON, and missing required values, are errors. Used by every app's
// config schema so a misconfiguration fails at boot, not on the first donation.
import { z } from 'zod';

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/** A required boolean environment value. */
export const envBoolean = z
  .string({ error: 'required' })
  .trim()
  .transform((raw, ctx) => {
    const value = BOOLEAN_WORDS[raw.toLowerCase()];
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: `expected true, false, 1 or 0, got "${raw}"` });
      return z.NEVER;
    }
    return value;
  });

/** A required numeric environment value (finite, no trailing garbage). */
export const envNumber = z
  .string({ error: 'required' })
  .trim()
  .transform((raw, ctx) => {
    const value = raw === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value)) {
      ctx.addIssue({ code: 'custom', message: `expected a number, got "${raw}"` });
      return z.NEVER;
    }
    return value;
  });

/** A required TCP port. */
export const envPort = envNumber.pipe(z.number().int().min(1).max(65535));

/** A required JSON environment value validated by `schema`. */
export function envJson<T extends z.ZodTypeAny>(schema: T) {
  return z
    .string({ error: 'required' })
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** Formats a failed parse as one line per variable, for a fail-fast boot message. */
export function describeEnvError(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`).join('\n');
}

/**
 * An environment variable read outside a zod schema (a few of the web server's and `npm start`'s),
 * documented beside where it is read: docs/operations.md is generated from these and from the
 * schemas' `.describe()`/`.meta()` (`npm run docs:env`, ADR 051).
 */
export interface EnvVariableDoc {
  /** What it does and the values it takes. */
  description: string;
  /** As the docs show it; omitted: unset. */
  default?: string;
  /** What production needs of it, when that is more than its default. */
  production?: string;
}
