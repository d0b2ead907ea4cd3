import { describe, expect, it } from 'vitest';
import { FIELD_RULE_KEYS } from '../schemas/rule-keys';
import { FIELD_ERRORS, fieldErrorMessage } from './field-errors';

describe('fieldErrorMessage', () => {
  it('has a message for every rule key the schemas report', () => {
    expect(Object.keys(FIELD_ERRORS).sort()).toEqual([...FIELD_RULE_KEYS].sort());
  });

  it('puts the label in', () => {
    expect(fieldErrorMessage('required', 'Email', 'en')).toBe('Email is required.');
    expect(fieldErrorMessage('required', 'メールアドレス', 'ja')).toBe('メールアドレスは必須です。');
    expect(fieldErrorMessage('pattern.katakana', 'セイ', 'ja')).toBe('セイは全角カタカナで入力してください。');
    expect(fieldErrorMessage('pattern', 'Email', 'en')).toBe('Email is in an invalid format.');
  });

  it('says how many pixels an image may have', () => {
    expect(fieldErrorMessage('imagePixels', '画像', 'ja')).toBe(
      '画像の画素数が多すぎます。2500万画素（例：6000×4000）以下の画像を選んでください。',
    );
    expect(fieldErrorMessage('imagePixels', 'The image', 'en')).toBe(
      'The image has too many pixels. Choose an image of at most 25 megapixels (e.g. 6000 × 4000).',
    );
  });

  it('consent fields have their own required wording', () => {
    expect(fieldErrorMessage('required.consent', 'the terms of service', 'en')).toBe('You must agree to the terms of service.');
    expect(fieldErrorMessage('required.consent', '利用規約', 'ja')).toBe('利用規約への同意が必要です。');
  });

  it('prints the bounds', () => {
    expect(fieldErrorMessage('minLength', 'Password', 'en', { min: 6 })).toBe('Password must be at least 6 characters.');
    expect(fieldErrorMessage('maxLength', '備考', 'ja', { max: 256 })).toBe('備考は256文字以内で入力してください。');
    expect(fieldErrorMessage('min', 'Expiry year', 'en', { min: 25 })).toBe('Expiry year must be 25 or more.');
    expect(fieldErrorMessage('max', '金額', 'ja', { max: '6,000,000円' })).toBe('金額は6,000,000円以下で入力してください。');
  });

  it('messages without a label read on their own', () => {
    expect(fieldErrorMessage('validate.required', 'Birthday', 'en')).toBe('All fields are required.');
    expect(fieldErrorMessage('validate.date', '生年月日', 'ja')).toBe('日付が正しくありません。');
    expect(fieldErrorMessage('unique', 'Email', 'en')).toBe('Already in use.');
  });
});
