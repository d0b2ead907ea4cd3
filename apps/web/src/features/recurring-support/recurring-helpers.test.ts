import { describe, expect, it } from 'vitest';
import { composeStopReason, monthlyLimits, parseAmountInput, pauseEndsOn, targetOf } from './recurring-helpers';

const limits = monthlyLimits({ payment_method: 'creditCard' });

describe('reading a typed monthly amount', () => {
  it('takes half- and full-width digits, separators and the yen sign', () => {
    expect(limits).toEqual({ min: 100, max: 6_000_000 });
    expect(parseAmountInput('2000', limits)).toEqual({ ok: true, amount: 2_000 });
    expect(parseAmountInput('２，０００', limits)).toEqual({ ok: true, amount: 2_000 });
    expect(parseAmountInput(' ¥2,500円 ', limits)).toEqual({ ok: true, amount: 2_500 });
  });

  it('says which rule an amount breaks', () => {
    expect(parseAmountInput('', limits)).toEqual({ ok: false, rule: 'value' });
    expect(parseAmountInput('12.5', limits)).toEqual({ ok: false, rule: 'value' });
    expect(parseAmountInput('千円', limits)).toEqual({ ok: false, rule: 'value' });
    expect(parseAmountInput('99', limits)).toEqual({ ok: false, rule: 'min' });
    expect(parseAmountInput('6000001', limits)).toEqual({ ok: false, rule: 'max' });
    expect(parseAmountInput('99999999999999999999', limits)).toEqual({ ok: false, rule: 'max' });
  });
});

describe('what a recurring donation links to', () => {
  const associate = { uid: 'kodomo', name: 'こども食堂' };
  it('the campaign, else the portfolio, else the organisation', () => {
    expect(targetOf({ associate, portfolio: null, campaign: { id: 4, title: '冬' } })).toEqual({ name: '冬', href: '/campaign/4' });
    expect(targetOf({ associate: null, portfolio: { id: 2, name: 'P' }, campaign: null })).toEqual({ name: 'P', href: '/portfolio/2' });
    expect(targetOf({ associate, portfolio: null, campaign: null })).toEqual({ name: 'こども食堂', href: '/associate/kodomo' });
  });
});

describe('the reason sent with a stop', () => {
  it('the choice and what was written, nothing when neither, within 500 characters', () => {
    expect(composeStopReason(null, '  ')).toBeNull();
    expect(composeStopReason('金額の負担が大きい', '')).toBe('金額の負担が大きい');
    expect(composeStopReason(null, ' 引っ越します ')).toBe('引っ越します');
    expect(composeStopReason('金額の負担が大きい', '来年また')).toBe('金額の負担が大きい\n来年また');
    expect(composeStopReason('金額の負担が大きい', 'あ'.repeat(500))).toHaveLength(500);
  });
});

describe('when a pause would end', () => {
  it('the months after the next charge, on the same day', () => {
    const now = new Date('2026-11-20T03:00:00.000Z');
    expect(pauseEndsOn('2026-12-05', 2, now)).toBe('2027-02-05');
    expect(pauseEndsOn('2026-12-05', 1, now)).toBe('2027-01-05');
    expect(pauseEndsOn(null, 1, now)).toBeNull();
  });
});
