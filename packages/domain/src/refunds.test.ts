import { describe, expect, it } from 'vitest';
import { keptAmount, refundableAmount } from './refunds';

describe('refunds', () => {
  const paid = { status: 'paid', amount: 10_000, refundedAmount: 0 };

  it('a paid gift can be refunded up to what it still keeps', () => {
    expect(refundableAmount(paid)).toBe(10_000);
    expect(refundableAmount({ ...paid, refundedAmount: 3_000 })).toBe(7_000);
    expect(keptAmount({ ...paid, refundedAmount: 3_000 })).toBe(7_000);
  });

  it('nothing can be refunded of a gift that was not paid or was refunded in full', () => {
    for (const status of ['pending', 'authorizing', 'awaiting_transfer', 'failed', 'expired', 'cancelled']) {
      expect(refundableAmount({ ...paid, status })).toBe(0);
    }
    expect(refundableAmount({ ...paid, status: 'refunded', refundedAmount: 10_000 })).toBe(0);
    expect(keptAmount({ amount: 10_000, refundedAmount: 10_000 })).toBe(0);
  });
});
