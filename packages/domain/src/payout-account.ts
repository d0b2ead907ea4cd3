// Where Kifu pays an associate (ADR 075): a Japanese bank account as transfer forms ask for it, and
// the bank's answer to the account check (ADR 074) as the field error a form shows. The joining
// form and the console's change of account read the same rules.
import { z } from 'zod';
import { toFullWidthKatakana } from './normalise';
import type { FieldRuleKey } from './schemas/rule-keys';
import { isUsableText, UNUSABLE_TEXT_RULE } from './schemas/usable-text';

export const PAYOUT_ACCOUNT_TYPES = ['ordinary', 'current', 'savings'] as const;
export type PayoutAccountType = (typeof PAYOUT_ACCOUNT_TYPES)[number];

/**
 * A holder's name as banks print it on a transfer (全銀 characters): full-width katakana, digits,
 * capitals, spaces and a few symbols; at most 30 characters, as the transfer record holds.
 */
export const PAYOUT_HOLDER_PATTERN = /^[ァ-ヴー\u3000 （）().．\-－/／0-9０-９A-ZＡ-Ｚ]{1,30}$/u;

const digits = (length: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(length, 'maxLength')
    .regex(new RegExp(`^\\d{${length}}$`), 'pattern.halfwidthNumber');
const name = z.string({ error: 'required' }).trim().min(1, 'required').max(60, 'maxLength').refine(isUsableText, UNUSABLE_TEXT_RULE);

/** The account fields of a form, each refused with its own rule key. */
export const payoutAccountInput = z.object({
  bank_code: digits(4),
  bank_name: name,
  branch_code: digits(3),
  branch_name: name,
  account_type: z.enum(PAYOUT_ACCOUNT_TYPES, { error: 'value' }),
  account_number: digits(7),
  // Hiragana and half-width kana are taken as the katakana they stand for, as the bank would.
  account_holder: z
    .string({ error: 'required' })
    .trim()
    .max(120, 'maxLength')
    .transform(toFullWidthKatakana)
    .pipe(z.string().min(1, 'required').max(30, 'maxLength').regex(PAYOUT_HOLDER_PATTERN, 'pattern.katakana')),
});
export type PayoutAccountInput = z.infer<typeof payoutAccountInput>;

/** The bank's answer to an account check, as the field that is wrong and why; null when it matched. */
export function accountCheckError(
  result: 'match' | 'account_not_found' | 'account_closed' | 'holder_mismatch',
): { field: 'account_number' | 'account_holder'; rule: FieldRuleKey } | null {
  if (result === 'match') return null;
  if (result === 'holder_mismatch') return { field: 'account_holder', rule: 'bankAccount.holderMismatch' };
  return { field: 'account_number', rule: result === 'account_closed' ? 'bankAccount.closed' : 'bankAccount.notFound' };
}

/** The account number as shown to anyone but the bank: its last three digits. */
export const maskedAccountNumber = (accountNumber: string) => `****${accountNumber.slice(-3)}`;
