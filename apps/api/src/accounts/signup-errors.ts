// Signup failures as the web reads them (spec §5 "Signup": server field messages are matched by
// the words 'unique', 'at least' and 'wrong format'; `matchSignupFieldError` in the domain does the
// matching). Each failing field adds a short technical phrase to `detail`, carrying the matched
// word for the three signup rules and none of them otherwise; `fields` holds the rule keys, with the
// private profile's fields named without their `private_profile.` prefix (as in update_me), so the
// birthday is `fields.birthday` like the domain's SignupErrorField.
import { PASSWORD_MIN_LENGTH, toFieldError } from '@kifu/domain';
import type { z } from 'zod';
import { AppError, type FieldErrors } from '../lib/app-error';

function phrase(field: string, rule: string): string {
  if (field === 'password' && rule === 'minLength') return `password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (field === 'birthday') return 'birthday is in the wrong format (YYYY-MM-DD of a real date)';
  return `${field || 'body'} is invalid (${rule})`;
}

export function signupValidationError(error: z.ZodError): AppError {
  const fields: FieldErrors = {};
  const phrases: string[] = [];
  for (const issue of error.issues) {
    const { path, rule } = toFieldError(issue);
    const field = (path[0] === 'private_profile' ? path.slice(1) : path).join('.');
    const key = field || 'body';
    if (fields[key]?.includes(rule)) continue;
    fields[key] = [...(fields[key] ?? []), rule];
    const text = phrase(field, rule);
    if (!phrases.includes(text)) phrases.push(text);
  }
  return new AppError('validation_failed', phrases.join('; '), fields);
}

/** The email belongs to an account already (compared without case). */
export function emailTakenError(): AppError {
  return new AppError('validation_failed', 'email must be unique: an account with this email exists', { email: ['unique'] });
}
