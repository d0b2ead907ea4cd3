// Where each bank snapshot puts a bank-transfer donation and its virtual account (the transitions
// written down in src/payments/bank-transfer/bank-transfer-state.ts), without a database.
import { platformFee } from '@kifu/domain';
import { describe, expect, it } from 'vitest';
import { deriveBankTransferState, refundAfterExpiry, SHORT_EXPIRY_GRACE_MS } from '../src/payments/bank-transfer/bank-transfer-state';
import type { BankAccountStatus, BankVirtualAccount } from '../src/providers/bank/bank-gateway';

const EXPIRES_AT = new Date('2030-01-07T14:59:59Z');
const BEFORE = new Date('2030-01-05T00:00:00Z');
const MINUTE = 60_000;

function snapshot(status: BankAccountStatus, deposits: [amount: number, at: Date][] = [], amount = 10_000): BankVirtualAccount {
  return {
    id: 'va_test',
    reference: 'kifu-donation-1',
    bankName: 'サンドボックス銀行',
    bankNameEn: 'Sandbox Bank',
    bankCode: '0399',
    branchName: 'さくら支店',
    branchNameEn: 'Sakura Branch',
    branchCode: '101',
    accountType: 'ordinary',
    accountNumber: '1234567',
    accountHolder: 'キフ（カ',
    accountHolderEn: 'KIFU CO., LTD.',
    amount,
    depositedAmount: deposits.reduce((total, [value]) => total + value, 0),
    expiresAt: EXPIRES_AT,
    status,
    deposits: deposits.map(([value, at], index) => ({
      id: `dep_${index}`,
      amount: value,
      depositorName: 'ヤマダ　タロウ',
      depositedAt: at,
    })),
    closedAt: null,
    createdAt: new Date('2030-01-01T00:00:00Z'),
  };
}

const derive = (account: BankVirtualAccount, now = BEFORE, campaign = false) => deriveBankTransferState(account, { campaign, now });

describe('deriveBankTransferState', () => {
  it('keeps waiting and short accounts awaiting the transfer before the deadline', () => {
    expect(derive(snapshot('waiting'))).toEqual({
      donation: 'awaiting_transfer',
      account: { status: 'issued', depositedAmount: 0, refundDueAmount: 0, paidAt: null },
    });
    expect(derive(snapshot('short', [[4_000, BEFORE]]))).toEqual({
      donation: 'awaiting_transfer',
      account: { status: 'short', depositedAmount: 4_000, refundDueAmount: 0, paidAt: null },
    });
  });

  it('pays the donation when deposits cover the amount, at the deposit that covered it', () => {
    const first = new Date('2030-01-02T00:00:00Z');
    const second = new Date('2030-01-03T00:00:00Z');
    expect(
      derive(
        snapshot('paid', [
          [9_000, first],
          [1_000, second],
        ]),
      ),
    ).toEqual({
      donation: 'paid',
      account: { status: 'paid', depositedAmount: 10_000, refundDueAmount: 0, paidAt: second },
    });
  });

  it('pays an over-paid donation for its amount and owes the excess back in full', () => {
    const at = new Date('2030-01-02T00:00:00Z');
    expect(derive(snapshot('over', [[11_000, at]]))).toEqual({
      donation: 'paid',
      account: { status: 'over', depositedAmount: 11_000, refundDueAmount: 1_000, paidAt: at },
    });
  });

  it('expires an account the bank calls expired, with nothing to refund', () => {
    expect(derive(snapshot('expired'), new Date(EXPIRES_AT.getTime() + MINUTE))).toEqual({
      donation: 'expired',
      account: { status: 'expired', depositedAmount: 0, refundDueAmount: 0, paidAt: null },
    });
  });

  it('expires on a late deposit and owes it back minus the platform fee', () => {
    const late = new Date(EXPIRES_AT.getTime() + MINUTE);
    expect(derive(snapshot('late', [[10_000, late]]))).toEqual({
      donation: 'expired',
      account: { status: 'late', depositedAmount: 10_000, refundDueAmount: 9_450, paidAt: null },
    });
    // Campaign gifts carry the campaign rate: 6 % × 1.1 = 6.6 %.
    expect(derive(snapshot('late', [[10_000, late]]), BEFORE, true).account.refundDueAmount).toBe(9_340);
  });

  it('expires a short account only once our clock is past the deadline and the grace', () => {
    const short = snapshot('short', [[4_000, BEFORE]]);
    expect(derive(short, new Date(EXPIRES_AT.getTime() + SHORT_EXPIRY_GRACE_MS)).donation).toBe('awaiting_transfer');
    expect(derive(short, new Date(EXPIRES_AT.getTime() + SHORT_EXPIRY_GRACE_MS + 1))).toEqual({
      donation: 'expired',
      account: {
        status: 'expired',
        depositedAmount: 4_000,
        refundDueAmount: 4_000 - platformFee(4_000, { campaign: false }),
        paidAt: null,
      },
    });
  });
});

describe('refundAfterExpiry', () => {
  it('keeps the floored platform fee of the money received', () => {
    expect(refundAfterExpiry(10_000, { campaign: false })).toBe(9_450);
    // 5.5 % of 999 is 54.945: the fee is floored to 54, in the supporter's favour.
    expect(refundAfterExpiry(999, { campaign: false })).toBe(945);
    expect(refundAfterExpiry(0, { campaign: false })).toBe(0);
  });
});
