import { describe, expect, it } from 'vitest';
import { NON_DEDUCTIBLE_ASSOCIATE_IDS } from './constants';
import { isDeductible, isDonationReady, nextMembershipSettlementDate, type DonationReadinessInput } from './donation-readiness';

const now = new Date('2025-06-15T03:00:00Z');
const profile = {
  name: { lastName: '山田', firstName: '太郎' },
  birthday: { year: '1990', month: '1', date: '2' },
  address: { postalCode: '152-0001', state: '東京都', city: '目黒区', street: '中央町1-2-3' },
  phoneNumber: '09012345678',
};
const newCard = { holder: 'TARO YAMADA', number: '4242424242424242', expirationMonth: '7', expirationYear: '30', cvc: '123' };
const savedCard = { name: 'TARO YAMADA', lastDigits: '4242', customerCode: 'cust_1' };

function makeInput(overrides: Partial<DonationReadinessInput> = {}): DonationReadinessInput {
  return {
    paymentMethod: 'creditCard',
    frequency: 'single',
    amount: 3000,
    totalAmount: 3000,
    deductionCap: 50_000,
    deductionIncluded: false,
    isAnonymous: false,
    associateId: 1,
    email: 'taro@example.com',
    profile,
    card: { inputRequired: true, newCard },
    now,
    ...overrides,
  };
}

describe('isDonationReady: common fields', () => {
  it('a complete card donation is ready', () => {
    expect(isDonationReady(makeInput())).toEqual({ ready: true, missing: [] });
  });

  it('lists every missing common field', () => {
    const result = isDonationReady(
      makeInput({
        paymentMethod: null,
        frequency: undefined,
        amount: null,
        totalAmount: '',
        deductionCap: undefined,
        deductionIncluded: null,
        isAnonymous: undefined,
      }),
    );
    expect(result.ready).toBe(false);
    expect(result.missing).toEqual([
      'paymentMethod',
      'frequency',
      'amount',
      'totalAmount',
      'deductionCap',
      'deductionIncluded',
      'isAnonymous',
    ]);
  });

  it('false flags and a zero cap count as present', () => {
    expect(isDonationReady(makeInput({ deductionCap: 0, deductionIncluded: true, isAnonymous: true })).ready).toBe(true);
  });

  it('a sold-out reward blocks support; one in stock does not', () => {
    expect(isDonationReady(makeInput({ reward: { soldOut: true } })).missing).toEqual(['rewardSoldOut']);
    expect(isDonationReady(makeInput({ reward: { soldOut: false } })).ready).toBe(true);
  });

  it('an amount outside the method limits is not ready', () => {
    expect(isDonationReady(makeInput({ amount: 6_000_001 })).missing).toEqual(['amountOutOfRange']);
    expect(isDonationReady(makeInput({ amount: 0 })).missing).toEqual(['amountOutOfRange']);
  });
});

describe('isDonationReady: credit card', () => {
  it('needs a valid profile and email', () => {
    expect(isDonationReady(makeInput({ profile: { ...profile, phoneNumber: '' } })).missing).toEqual(['profile']);
    expect(isDonationReady(makeInput({ email: '' })).missing).toEqual(['email']);
    expect(isDonationReady(makeInput({ email: 'not-an-email' })).missing).toEqual(['email']);
  });

  it('applies the phonetic-name rule of associate 29', () => {
    expect(isDonationReady(makeInput({ associateId: 29 })).missing).toEqual(['profile']);
    const withKana = { ...profile, nameKana: { lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' } };
    expect(isDonationReady(makeInput({ associateId: 29, profile: withKana })).ready).toBe(true);
  });

  it('needs a valid new card when card input is required', () => {
    expect(isDonationReady(makeInput({ card: { inputRequired: true } })).missing).toEqual(['card']);
    expect(isDonationReady(makeInput({ card: { inputRequired: true, newCard: { ...newCard, expirationYear: '24' } } })).missing).toEqual([
      'card',
    ]);
    expect(isDonationReady(makeInput({ card: { inputRequired: true, newCard, savedCard } })).ready).toBe(true);
  });

  it('otherwise needs the saved card', () => {
    expect(isDonationReady(makeInput({ card: { inputRequired: false, savedCard } })).ready).toBe(true);
    expect(isDonationReady(makeInput({ card: { inputRequired: false, newCard } })).missing).toEqual(['card']);
    expect(isDonationReady(makeInput({ card: null })).missing).toEqual(['card']);
  });

  it('annual needs the membership plan id, unit, unit amount and on-month', () => {
    const annual = makeInput({ frequency: 'annual', amount: 3000 });
    expect(isDonationReady(annual).missing).toEqual(['membershipPlanId', 'membershipUnit', 'membershipUnitAmount', 'membershipOnMonth']);
    const membership = { planId: 4, unit: 1, unitAmount: 3000, onMonth: 4 };
    expect(isDonationReady({ ...annual, membership }).ready).toBe(true);
    expect(isDonationReady({ ...annual, membership: { ...membership, unit: '' } }).missing).toEqual(['membershipUnit']);
  });

  it('annual uses the annual card bounds', () => {
    const membership = { planId: 4, unit: 1, unitAmount: 200, onMonth: 4 };
    expect(isDonationReady(makeInput({ frequency: 'annual', amount: 200, membership })).missing).toEqual(['amountOutOfRange']);
  });

  it('monthly does not ask for a membership plan', () => {
    expect(isDonationReady(makeInput({ frequency: 'monthly' })).ready).toBe(true);
  });
});

describe('isDonationReady: bank transfer', () => {
  const bank = makeInput({ paymentMethod: 'bankTransfer', card: null });

  it('is single only and needs the profile and email, not a card', () => {
    expect(isDonationReady(bank).ready).toBe(true);
    expect(isDonationReady({ ...bank, amount: 9_999_999 }).ready).toBe(true);
    expect(isDonationReady({ ...bank, frequency: 'monthly' }).missing).toEqual(['frequencyNotAllowed']);
    expect(isDonationReady({ ...bank, frequency: 'annual' }).missing).toEqual(['frequencyNotAllowed']);
    expect(isDonationReady({ ...bank, profile: undefined, email: null }).missing).toEqual(['profile', 'email']);
  });
});

describe('isDonationReady: wallet pay', () => {
  const walletPay = { lastName: '山田', firstName: '太郎', checkoutSessionId: 'chk_1' };
  const wallet = makeInput({ paymentMethod: 'walletPay', card: null, profile: undefined, email: undefined, walletPay });

  it('needs the names and a checkout session, not the profile, email or card', () => {
    expect(isDonationReady(wallet)).toEqual({ ready: true, missing: [] });
    expect(isDonationReady({ ...wallet, walletPay: { ...walletPay, firstName: '' } }).missing).toEqual(['walletName']);
    expect(isDonationReady({ ...wallet, walletPay: { ...walletPay, checkoutSessionId: null } }).missing).toEqual(['checkoutSessionId']);
    expect(isDonationReady({ ...wallet, walletPay: null }).missing).toEqual(['walletName', 'checkoutSessionId']);
  });

  it('phonetic names are optional, but must be katakana when given', () => {
    expect(isDonationReady({ ...wallet, walletPay: { ...walletPay, lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' } }).ready).toBe(true);
    expect(isDonationReady({ ...wallet, walletPay: { ...walletPay, lastNameKana: '山田' } }).missing).toEqual(['walletNameKana']);
  });

  it('applies the phonetic-name rule of associate 29 to the wallet names', () => {
    expect(isDonationReady({ ...wallet, associateId: 29 }).missing).toEqual(['walletNameKana']);
    expect(isDonationReady({ ...wallet, associateId: 29, walletPay: { ...walletPay, lastNameKana: 'ヤマダ' } }).missing).toEqual([
      'walletNameKana',
    ]);
    expect(
      isDonationReady({ ...wallet, associateId: 29, walletPay: { ...walletPay, lastNameKana: 'ヤマダ', firstNameKana: 'たろう' } }).ready,
    ).toBe(true);
    expect(isDonationReady({ ...wallet, associateId: 28 }).ready).toBe(true);
  });

  it('is not for annual gifts', () => {
    expect(isDonationReady({ ...wallet, frequency: 'annual' }).missing).toEqual(['frequencyNotAllowed']);
    expect(isDonationReady({ ...wallet, frequency: 'monthly' }).ready).toBe(true);
  });
});

describe('nextMembershipSettlementDate', () => {
  const jst = (date: Date) => new Date(date.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

  it('is day 1 of the month this year while the current month is before it', () => {
    expect(jst(nextMembershipSettlementDate(new Date('2025-03-10T00:00:00Z'), 4))).toBe('2025-04-01');
    expect(jst(nextMembershipSettlementDate(new Date('2025-01-01T00:00:00Z'), 12))).toBe('2025-12-01');
  });

  it('is next year once the month has come', () => {
    expect(jst(nextMembershipSettlementDate(new Date('2025-04-01T03:00:00Z'), 4))).toBe('2026-04-01');
    expect(jst(nextMembershipSettlementDate(new Date('2025-04-20T03:00:00Z'), 4))).toBe('2026-04-01');
    expect(jst(nextMembershipSettlementDate(new Date('2025-12-31T03:00:00Z'), 1))).toBe('2026-01-01');
  });

  it('is the instant the day starts in Japan, judged by the date in Japan', () => {
    expect(nextMembershipSettlementDate(new Date('2025-03-31T14:59:59Z'), 4).toISOString()).toBe('2025-03-31T15:00:00.000Z');
    expect(nextMembershipSettlementDate(new Date('2025-03-31T15:00:00Z'), 4).toISOString()).toBe('2026-03-31T15:00:00.000Z');
  });

  it('refuses a month outside 1–12', () => {
    expect(() => nextMembershipSettlementDate(now, 0)).toThrow(RangeError);
    expect(() => nextMembershipSettlementDate(now, 13)).toThrow(RangeError);
  });
});

describe('isDeductible', () => {
  it('is false exactly for the listed associates', () => {
    for (const id of NON_DEDUCTIBLE_ASSOCIATE_IDS) expect(isDeductible(id)).toBe(false);
    for (const id of [1, 29, 3525, 2184]) expect(isDeductible(id)).toBe(true);
  });
});
