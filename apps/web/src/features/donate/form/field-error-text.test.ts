import { describe, expect, it } from 'vitest';
import { fieldErrorText } from './field-error-text';

describe('fieldErrorText', () => {
  it('words a rule with the field label and its bound', () => {
    expect(fieldErrorText({ type: 'required' }, 'メールアドレス', 'ja')).toBe('メールアドレスは必須です。');
    expect(fieldErrorText({ type: 'minLength', types: { min: '6' } }, 'Password', 'en')).toBe('Password must be at least 6 characters.');
  });

  it('shows money bounds as amounts', () => {
    expect(fieldErrorText({ type: 'max', types: { max: '6000000' } }, '支援金額', 'ja', { money: true })).toBe(
      '支援金額は6,000,000円以下で入力してください。',
    );
    expect(fieldErrorText({ type: 'min', types: { min: '3000' } }, 'Amount', 'en', { money: true })).toBe('Amount must be ¥3,000 or more.');
  });

  it('words the form issues from the readiness catalogue', () => {
    expect(fieldErrorText({ type: 'rewardSoldOut' }, 'Reward', 'en')).toBe('The selected reward is out of stock.');
    expect(fieldErrorText({ type: 'frequencyNotAllowed' }, 'x', 'en')).toBe(
      'This payment method cannot be used with the chosen frequency.',
    );
    expect(fieldErrorText(undefined, 'x', 'en')).toBeUndefined();
  });
});
