// The English rendering of katakana holder names (src/bank/romanise-katakana.ts).
import { describe, expect, it } from 'vitest';
import { romaniseKatakana } from '../src/bank/romanise-katakana';

describe('romaniseKatakana', () => {
  it.each([
    ['キフ（カ', 'KIFU(KA'],
    ['ヤマダ　タロウ', 'YAMADA TAROU'],
    ['シャチョウ', 'SHACHOU'],
    ['キョウト', 'KYOUTO'],
    ['ジュン', 'JUN'],
    ['ニッポン', 'NIPPON'],
    ['マッチャ', 'MATCHA'],
    ['チャリティー', 'CHARITI'],
    ['ファンド', 'FANDO'],
    ['ウィキ', 'WIKI'],
    ['ｷﾌ(ｶ', 'KIFU(KA'],
    ['ＡＢＣ　１２３', 'ABC 123'],
  ])('%s → %s', (kana, latin) => {
    expect(romaniseKatakana(kana)).toBe(latin);
  });
});
