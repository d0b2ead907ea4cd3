import { describe, expect, it } from 'vitest';
import {
  consentSchema,
  digitsSchema,
  emailSchema,
  katakanaSchema,
  longTextSchema,
  multipleOf10Schema,
  numberSchema,
  passwordSchema,
  passwordV1Schema,
  postalCodeSchema,
  requiredDigitsSchema,
  requiredEmailSchema,
  requiredKatakanaSchema,
  requiredTextSchema,
  shortText15Schema,
  shortText30Schema,
  textSchema,
} from './fields';
import { ruleOf } from './test-helpers';

describe('text fields', () => {
  it('text is optional, trimmed and at most 256 characters', () => {
    expect(textSchema.parse('')).toBe('');
    expect(textSchema.parse('  山田  ')).toBe('山田');
    expect(ruleOf(textSchema, 'x'.repeat(256))).toBeUndefined();
    expect(ruleOf(textSchema, 'x'.repeat(257))).toBe('maxLength');
  });

  it('required text rejects empty and blank input and a missing value', () => {
    expect(ruleOf(requiredTextSchema, '')).toBe('required');
    expect(ruleOf(requiredTextSchema, ' 　 ')).toBe('required');
    expect(ruleOf(requiredTextSchema, undefined)).toBe('required');
    expect(ruleOf(requiredTextSchema, 'a')).toBeUndefined();
  });

  it('short and long text have their own bounds', () => {
    expect(ruleOf(shortText15Schema, 'x'.repeat(15))).toBeUndefined();
    expect(ruleOf(shortText15Schema, 'x'.repeat(16))).toBe('maxLength');
    expect(ruleOf(shortText30Schema, 'x'.repeat(30))).toBeUndefined();
    expect(ruleOf(shortText30Schema, 'x'.repeat(31))).toBe('maxLength');
    expect(ruleOf(longTextSchema, 'x'.repeat(2048))).toBeUndefined();
    expect(ruleOf(longTextSchema, 'x'.repeat(2049))).toBe('maxLength');
  });

  it('reports the bound that was crossed', () => {
    const result = shortText15Schema.safeParse('x'.repeat(16));
    expect(result.error?.issues[0]).toMatchObject({ message: 'maxLength', maximum: 15 });
  });
});

describe('email', () => {
  it.each(['taro@example.com', 'taro.yamada+kifu@mail.example.co.jp', ' a@b.jp '])('accepts %j', (email) => {
    expect(ruleOf(requiredEmailSchema, email)).toBeUndefined();
  });

  it.each(['taro', 'taro@', '@example.com', 'taro@example', 'ta ro@example.com', 'ｔａｒｏ＠example.com', 'taro@exam_ple.com'])(
    'rejects %j as an invalid format',
    (email) => {
      expect(ruleOf(requiredEmailSchema, email)).toBe('pattern');
    },
  );

  it('the required variant rejects empty input; the optional one accepts it', () => {
    expect(ruleOf(requiredEmailSchema, '')).toBe('required');
    expect(ruleOf(emailSchema, '')).toBeUndefined();
    expect(ruleOf(emailSchema, 'nope')).toBe('pattern');
  });

  it('is at most 256 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.jp`;
    expect(long.length).toBeGreaterThan(256);
    expect(ruleOf(requiredEmailSchema, long)).toBe('maxLength');
  });
});

describe('password', () => {
  it('the signup variant needs 6 characters and nothing else', () => {
    expect(ruleOf(passwordSchema, '')).toBe('required');
    expect(ruleOf(passwordSchema, 'abcde')).toBe('minLength');
    expect(ruleOf(passwordSchema, 'abcdef')).toBeUndefined();
    expect(ruleOf(passwordSchema, '      ')).toBeUndefined();
  });

  it('version 1 also needs a letter and a digit, in half-width printable characters', () => {
    expect(ruleOf(passwordV1Schema, 'abc123')).toBeUndefined();
    expect(ruleOf(passwordV1Schema, 'P@ssw0rd!')).toBeUndefined();
    expect(ruleOf(passwordV1Schema, 'abcdef')).toBe('pattern.passwordV1');
    expect(ruleOf(passwordV1Schema, '123456')).toBe('pattern.passwordV1');
    expect(ruleOf(passwordV1Schema, 'abc 123')).toBe('pattern.passwordV1');
    expect(ruleOf(passwordV1Schema, 'ａｂｃ１２３')).toBe('pattern.passwordV1');
    expect(ruleOf(passwordV1Schema, 'ab12')).toBe('minLength');
  });

  it('is never trimmed', () => {
    expect(passwordSchema.parse(' abc123 ')).toBe(' abc123 ');
  });
});

describe('numeric patterns', () => {
  it('digits are normalised to half-width with spaces and hyphens stripped', () => {
    expect(digitsSchema.parse('０９０－１２３４－５６７８')).toBe('09012345678');
    expect(digitsSchema.parse('')).toBe('');
    expect(ruleOf(digitsSchema, '090-12AB')).toBe('pattern.halfwidthNumber');
    expect(ruleOf(requiredDigitsSchema, ' - ')).toBe('required');
  });

  it('number reads a whole number from text in either width', () => {
    expect(numberSchema.parse('３０００')).toBe(3000);
    expect(numberSchema.parse('3 000')).toBe(3000);
    expect(numberSchema.parse(3000)).toBe(3000);
    expect(ruleOf(numberSchema, '')).toBe('required');
    expect(ruleOf(numberSchema, undefined)).toBe('required');
    expect(ruleOf(numberSchema, '3千')).toBe('pattern.number');
    expect(ruleOf(numberSchema, '3.5')).toBe('pattern.number');
    expect(ruleOf(numberSchema, 3.5)).toBe('pattern.number');
    expect(ruleOf(numberSchema, -1)).toBe('pattern.number');
  });

  it('multiple of 10', () => {
    expect(multipleOf10Schema.parse('１０００')).toBe(1000);
    expect(multipleOf10Schema.parse('0')).toBe(0);
    expect(ruleOf(multipleOf10Schema, '1005')).toBe('pattern.multipleOf10');
    expect(ruleOf(multipleOf10Schema, 'abc')).toBe('pattern.number');
  });
});

describe('postal code', () => {
  it('outputs 7 half-width digits', () => {
    expect(postalCodeSchema.parse('152-0001')).toBe('1520001');
    expect(postalCodeSchema.parse('１５２－０００１')).toBe('1520001');
    expect(postalCodeSchema.parse('1520001')).toBe('1520001');
  });

  it('rejects anything that is not 7 digits', () => {
    expect(ruleOf(postalCodeSchema, '')).toBe('required');
    expect(ruleOf(postalCodeSchema, '152-000')).toBe('pattern.postalCode');
    expect(ruleOf(postalCodeSchema, '152-00011')).toBe('pattern.postalCode');
    expect(ruleOf(postalCodeSchema, '〒152-0001')).toBe('pattern.postalCode');
    expect(ruleOf(postalCodeSchema, '1'.repeat(257))).toBe('maxLength');
  });
});

describe('katakana', () => {
  it('accepts full-width katakana with the long vowel mark, middle dot and full-width space', () => {
    expect(katakanaSchema.parse('ヤマダ')).toBe('ヤマダ');
    expect(katakanaSchema.parse('ルーシー')).toBe('ルーシー');
    expect(katakanaSchema.parse('ジョン・スミス')).toBe('ジョン・スミス');
    expect(katakanaSchema.parse('ヤマダ　タロウ')).toBe('ヤマダ　タロウ');
    expect(katakanaSchema.parse('ヴァイオリン')).toBe('ヴァイオリン');
  });

  it('converts hiragana and half-width katakana instead of rejecting them', () => {
    expect(katakanaSchema.parse('やまだ')).toBe('ヤマダ');
    expect(katakanaSchema.parse('ﾔﾏﾀﾞ')).toBe('ヤマダ');
  });

  it('rejects kanji, latin letters, digits and the half-width space', () => {
    for (const input of ['山田', 'Yamada', 'ヤマダ1', 'ヤマダ タロウ']) {
      expect(ruleOf(katakanaSchema, input)).toBe('pattern.katakana');
    }
  });

  it('is optional unless the required variant is used', () => {
    expect(ruleOf(katakanaSchema, '')).toBeUndefined();
    expect(ruleOf(requiredKatakanaSchema, '')).toBe('required');
    expect(ruleOf(requiredKatakanaSchema, 'ヤマダ')).toBeUndefined();
  });
});

describe('consent', () => {
  it('passes only when ticked, with the consent wording', () => {
    expect(ruleOf(consentSchema, true)).toBeUndefined();
    expect(ruleOf(consentSchema, false)).toBe('required.consent');
    expect(ruleOf(consentSchema, undefined)).toBe('required.consent');
  });
});
