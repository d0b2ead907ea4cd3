// The codes mailed for password recovery and email change: 256 random bits, URL-safe, valid for
// CODE_VALID_MINUTES (an email change's undo link longer, ADR 055) and once. Only their SHA-256 is
// stored, so a database reader cannot use one.
import { createHash, randomBytes } from 'node:crypto';

export const CODE_VALID_MINUTES = 60;

export function newSingleUseCode(now = new Date(), validMinutes = CODE_VALID_MINUTES): { code: string; hash: string; expiresAt: Date } {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: hashCode(code), expiresAt: new Date(now.getTime() + validMinutes * 60_000) };
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** The page a mailed link opens, in the recipient's language (ja has no prefix; en is under /en). */
export function webLink(webOrigin: string, locale: 'ja' | 'en', path: string, code: string, param = 'code'): string {
  const url = new URL(`${locale === 'en' ? '/en' : ''}${path}`, webOrigin);
  url.searchParams.set(param, code);
  return url.toString();
}
