import { describe, expect, it } from 'vitest';
import { formatPostalCode, normaliseDigits, normalisePostalCode, parseNumeric, toFullWidthKatakana, toHalfWidth } from './normalise';

describe('toHalfWidth', () => {
  it('converts full-width digits, latin letters, punctuation and the ideographic space', () => {
    expect(toHalfWidth('０１２３４５６７８９')).toBe('0123456789');
    expect(toHalfWidth('ＡＢＣｘｙｚ')).toBe('ABCxyz');
    expect(toHalfWidth('ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('taro@example.com');
    expect(toHalfWidth('山田　太郎')).toBe('山田 太郎');
  });

  it('turns every hyphen-like dash into an ASCII hyphen', () => {
    expect(toHalfWidth('1－2‐3‑4‒5–6—7―8−9﹣0')).toBe('1-2-3-4-5-6-7-8-9-0');
  });

  it('leaves kana, kanji and the prolonged sound mark alone', () => {
    expect(toHalfWidth('東京都渋谷区　コーポ')).toBe('東京都渋谷区 コーポ');
  });
});

describe('normaliseDigits', () => {
  it('strips spaces and hyphens after converting to half-width', () => {
    expect(normaliseDigits('１５２－０００１')).toBe('1520001');
    expect(normaliseDigits('152-0001')).toBe('1520001');
    expect(normaliseDigits(' ０９０　１２３４　５６７８ ')).toBe('09012345678');
    expect(normaliseDigits('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it('strips the prolonged sound mark an IME types for "-" in kana mode', () => {
    expect(normaliseDigits('１５２ー０００１')).toBe('1520001');
    expect(normaliseDigits('152ｰ0001')).toBe('1520001');
  });

  it('keeps letters, converted to half-width', () => {
    expect(normaliseDigits('ＡＢ－１２')).toBe('AB12');
  });
});

describe('parseNumeric', () => {
  it('reads digits written in any width', () => {
    expect(parseNumeric('３０００')).toBe(3000);
    expect(parseNumeric(' 3 000 ')).toBe(3000);
    expect(parseNumeric('0')).toBe(0);
    expect(parseNumeric('007')).toBe(7);
  });

  it('gives undefined for input that is not numeric', () => {
    for (const input of ['', '   ', 'abc', '12x', '３千', '3,000', '3.5', '1e3', '-']) {
      expect(parseNumeric(input)).toBeUndefined();
    }
  });

  it('gives undefined when the number cannot be held exactly', () => {
    expect(parseNumeric('9007199254740993')).toBeUndefined();
    expect(parseNumeric(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('normalisePostalCode', () => {
  it('gives the 7 digits or undefined', () => {
    expect(normalisePostalCode('〒１５２－０００１'.slice(1))).toBe('1520001');
    expect(normalisePostalCode('152000')).toBeUndefined();
    expect(normalisePostalCode('15200011')).toBeUndefined();
    expect(normalisePostalCode('152-000A')).toBeUndefined();
  });
});

describe('formatPostalCode', () => {
  it('prefixes the postal mark and puts one hyphen after the third digit', () => {
    expect(formatPostalCode('1520001')).toBe('〒152-0001');
    expect(formatPostalCode('152-0001')).toBe('〒152-0001');
    expect(formatPostalCode('１５２－０００１')).toBe('〒152-0001');
    expect(formatPostalCode('15−20—001')).toBe('〒152-0001');
  });

  it('shows other input normalised, without inventing a hyphen', () => {
    expect(formatPostalCode('152-00')).toBe('〒15200');
    expect(formatPostalCode('')).toBe('');
    expect(formatPostalCode(' － ')).toBe('');
  });
});

describe('toFullWidthKatakana', () => {
  it('converts hiragana and half-width katakana, voiced marks included', () => {
    expect(toFullWidthKatakana('やまだ')).toBe('ヤマダ');
    expect(toFullWidthKatakana('ﾔﾏﾀﾞ ﾀﾛｳ')).toBe('ヤマダ タロウ');
    expect(toFullWidthKatakana('ﾊﾟｰﾙ')).toBe('パール');
  });

  it('keeps full-width katakana and the full-width space as they are', () => {
    expect(toFullWidthKatakana('ヤマダ　タロウ')).toBe('ヤマダ　タロウ');
  });
});
