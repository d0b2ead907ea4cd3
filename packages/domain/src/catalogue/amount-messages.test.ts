import { describe, expect, it } from 'vitest';
import {
  AMOUNT_LIMIT_PHRASES,
  amountAboveMaxMessage,
  amountBelowMinMessage,
  amountRangeNote,
  matchAmountLimitError,
} from './amount-messages';

describe('amount messages', () => {
  it('the upper limit names the method and the formatted maximum', () => {
    expect(amountAboveMaxMessage('credit card', 6_000_000, 'en')).toBe(
      'Support amount exceeded. If you choose credit card, the upper limitation is ¥6,000,000.',
    );
    expect(amountAboveMaxMessage('銀行振込', 9_999_999, 'ja')).toBe(
      '支援金額が上限を超えています。銀行振込をお選びの場合、上限は9,999,999円です。',
    );
  });

  it('the lower limit says "at least"', () => {
    expect(amountBelowMinMessage(300, 'en')).toBe('Support amount is below the lower limit. Please enter at least ¥300.');
    expect(amountBelowMinMessage(300, 'ja')).toBe('支援金額が下限を下回っています。300円以上で入力してください。');
  });

  it('the form note gives both bounds', () => {
    expect(amountRangeNote(300, 6_000_000, 'en')).toBe('at least ¥300, up to ¥6,000,000');
    expect(amountRangeNote(1, 9_999_999, 'ja')).toBe('1円以上、9,999,999円以下');
  });
});

describe('matchAmountLimitError', () => {
  it('finds the Japanese phrase for the upper or lower limit', () => {
    expect(AMOUNT_LIMIT_PHRASES).toEqual({ upper: '上限', lower: '下限' });
    expect(matchAmountLimitError('支援金額が上限を超えています')).toBe('above_max');
    expect(matchAmountLimitError('金額が下限未満です')).toBe('below_min');
    expect(matchAmountLimitError(amountAboveMaxMessage('カード', 6_000_000, 'ja'))).toBe('above_max');
    expect(matchAmountLimitError(amountBelowMinMessage(300, 'ja'))).toBe('below_min');
  });

  it('reads the English messages too, and nothing else', () => {
    expect(matchAmountLimitError(amountAboveMaxMessage('card', 6_000_000, 'en'))).toBe('above_max');
    expect(matchAmountLimitError(amountBelowMinMessage(300, 'en'))).toBe('below_min');
    expect(matchAmountLimitError('insufficient_fund')).toBeUndefined();
    expect(matchAmountLimitError('利用限度額を超えています')).toBeUndefined();
  });
});
