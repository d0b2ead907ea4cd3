import { describe, expect, it } from 'vitest';
import { accountCheckError, maskedAccountNumber, payoutAccountInput } from './payout-account';

const account = {
  bank_code: '0005',
  bank_name: 'サンドボックス銀行',
  branch_code: '123',
  branch_name: '本店',
  account_type: 'ordinary',
  account_number: '1234567',
  account_holder: 'トクヒ）サクラノキキン',
};
const rulesOf = (input: Record<string, unknown>) => {
  const parsed = payoutAccountInput.safeParse(input);
  // The first rule each field broke, as a form shows it.
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.reverse().map((issue) => [issue.path.join('.'), issue.message]));
};

describe('a payout account', () => {
  it('takes the fields a Japanese transfer form asks for, the holder typed in hiragana as katakana', () => {
    expect(payoutAccountInput.parse(account)).toEqual(account);
    expect(payoutAccountInput.parse({ ...account, account_holder: 'とくひ）さくらのききん' }).account_holder).toBe(
      'トクヒ）サクラノキキン',
    );
  });

  it.each([
    ['bank_code', '05', 'pattern.halfwidthNumber'],
    ['branch_code', '12a', 'pattern.halfwidthNumber'],
    ['account_number', '12345', 'pattern.halfwidthNumber'],
    ['account_number', '12345678', 'maxLength'],
    ['account_type', 'checking', 'value'],
    ['account_holder', '桜基金', 'pattern.katakana'],
    ['account_holder', 'ア'.repeat(31), 'maxLength'],
    ['bank_name', '', 'required'],
    ['branch_name', 'a\u0000b', 'pattern.invalidCharacter'],
  ])('refuses %s %j as %s', (field, value, rule) => {
    expect(rulesOf({ ...account, [field]: value })).toEqual({ [field]: rule });
  });

  it('turns the bank check into the field a person must correct', () => {
    expect(accountCheckError('match')).toBeNull();
    expect(accountCheckError('account_not_found')).toEqual({ field: 'account_number', rule: 'bankAccount.notFound' });
    expect(accountCheckError('account_closed')).toEqual({ field: 'account_number', rule: 'bankAccount.closed' });
    expect(accountCheckError('holder_mismatch')).toEqual({ field: 'account_holder', rule: 'bankAccount.holderMismatch' });
    expect(maskedAccountNumber('1234567')).toBe('****567');
  });
});
