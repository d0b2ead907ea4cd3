// Email and password as the login and sign-up forms check them before anything is sent (spec §5
// "Shared form fields", "Signup"): the domain's schemas, and the catalogue's field messages
// (spec §8 "Field errors") under each field's label. The server checks them all again.
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import type { Locale } from '@kifu/domain/enums';
import { passwordSchema, requiredEmailSchema } from '@kifu/domain/schemas/fields';
import { toFieldError } from '@kifu/domain/schemas/rule-keys';
import { z } from 'zod';

export type CredentialField = 'email' | 'password';
export type CredentialErrors = Partial<Record<CredentialField, string>>;

/** Login only needs a password (its rules are the sign-up's); sign-up needs one that follows them. */
const loginPassword = z.string({ error: 'required' }).min(1, 'required');

export function credentialErrors(
  values: { email: string; password: string },
  mode: 'login' | 'signup',
  locale: Locale,
  labels: Record<CredentialField, string>,
): CredentialErrors {
  const schema = z.object({ email: requiredEmailSchema, password: mode === 'signup' ? passwordSchema : loginPassword });
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: CredentialErrors = {};
  for (const issue of result.error.issues) {
    const { path, rule, params } = toFieldError(issue);
    const field = path[0] as CredentialField;
    errors[field] ??= fieldErrorMessage(rule, labels[field], locale, params);
  }
  return errors;
}

/**
 * Where to go after signing in: the page the visitor came from when it is a path on this site,
 * else `home` (the top page of the language they sign in from: /en for /en/login). Anything else
 * (another site, a protocol-relative or backslashed path) is refused: no open redirect.
 */
export function safeNextPath(next: string | null | undefined, home = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return home;
  try {
    const url = new URL(next, 'http://kifu.invalid');
    return url.origin === 'http://kifu.invalid' ? `${url.pathname}${url.search}${url.hash}` : home;
  } catch {
    return home;
  }
}
