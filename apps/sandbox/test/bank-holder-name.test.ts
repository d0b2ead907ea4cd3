// How the bank compares account holders (ADR 074): as on a bank's half-width ledger, so a payee's
// name typed with other spaces, widths or small kana is still the same holder, and another name
// is not.
import { describe, expect, it } from 'vitest';
import { HOLDER_KANA, sameHolder } from '../src/bank/holder-name';

describe('sameHolder', () => {
  it.each([
    ['ヤマダ\u3000タロウ', 'ヤマダタロウ'],
    ['ヤマダ タロウ', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['キヨウカイ', 'キョウカイ'],
    ['トクヒ）サクラ', 'ﾄｸﾋ)ｻｸﾗ'],
    ['ラーメン', 'ラ-メン'],
  ])('takes %s and %s for one holder', (given, registered) => {
    expect(sameHolder(given, registered)).toBe(true);
  });

  it('tells different names apart', () => {
    expect(sameHolder('ヤマダ\u3000タロウ', 'ヤマダ\u3000ハナコ')).toBe(false);
    expect(sameHolder('ヤマダタロウ', 'ヤマダタロ')).toBe(false);
  });
});

describe('HOLDER_KANA', () => {
  it('takes full-width katakana, digits, capitals and bank symbols, up to 30', () => {
    expect(HOLDER_KANA.test('トクヒ）サクラノキキン')).toBe(true);
    expect(HOLDER_KANA.test('カ）ABC1')).toBe(true);
    expect(HOLDER_KANA.test('ア'.repeat(31))).toBe(false);
    for (const refused of ['山田', 'やまだ', 'yamada', '']) expect(HOLDER_KANA.test(refused)).toBe(false);
  });
});
