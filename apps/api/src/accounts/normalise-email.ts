// Emails are unique regardless of case (spec §5 "Email must be unique"): every address is stored
// and looked up trimmed and lower-cased, so the users_email_unique constraint enforces it.
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
