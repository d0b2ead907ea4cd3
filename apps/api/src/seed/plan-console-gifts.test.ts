// The console's demo gifts (ADR 062): the same on every run, never in the future, two whole fiscal
// years behind any seeding day, receipts numbered as issuing would number them, and nothing a
// billing or expiry job would pick up before its day.
import { fiscalYearOf, japanIsoDate, PaymentMethodId } from '@kifu/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_ASSOCIATE_IDS } from './data/console-gifts';
import { planConsoleGifts, type ConsoleGiftRefs } from './plan-console-gifts';

const refs: ConsoleGiftRefs = {
  membershipAmount: (_associateId, plan) => [10_000, 3_000, 10_000][plan]!,
  surveyChoiceCounts: () => ({ heardFrom: 5, interests: 2 }),
};
const DAY_MS = 86_400_000;
// A fiscal year's first and last hours in Japan, and an ordinary day.
const SEEDING_DAYS = [new Date('2026-03-31T15:30:00Z'), new Date('2027-03-31T14:30:00Z'), new Date('2026-11-28T03:00:00Z')];

afterEach(() => vi.restoreAllMocks());

describe('the console demo plan', () => {
  it('is the same plan every time for the same instant, without Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const now = SEEDING_DAYS[2]!;
    expect(planConsoleGifts(now, refs)).toEqual(planConsoleGifts(new Date(now), refs));
    expect(random).not.toHaveBeenCalled();
  });

  it('gives each console about a hundred and fifty gifts of every method, kind and outcome', () => {
    const { gifts, recurring, donors } = planConsoleGifts(SEEDING_DAYS[2]!, refs);
    expect(gifts.length).toBeGreaterThanOrEqual(280);
    expect(gifts.length).toBeLessThanOrEqual(330);
    for (const associateId of CONSOLE_ASSOCIATE_IDS) {
      const own = gifts.filter((gift) => gift.row.associateId === associateId);
      expect(own.length).toBeGreaterThan(100);
      expect(new Set(own.map((gift) => gift.row.paymentMethod))).toEqual(
        new Set([PaymentMethodId.CREDIT_CARD, PaymentMethodId.WALLET_PAY, PaymentMethodId.BANK_TRANSFER]),
      );
      expect(new Set(own.map((gift) => (gift.recurring === null ? 'single' : recurring[gift.recurring]!.row.period)))).toEqual(
        new Set(['single', 'monthly', 'annual']),
      );
      const statuses = new Set(own.map((gift) => gift.row.status));
      for (const status of ['paid', 'awaiting_transfer', 'failed', 'refunded'] as const) expect(statuses).toContain(status);
      // A refunded gift gave back all it had (ADR 064): it counts for nothing anywhere.
      for (const gift of own.filter((candidate) => candidate.row.status === 'refunded'))
        expect(gift.row).toMatchObject({ refundedAmount: gift.row.amount, commission: 0, transferAmount: 0 });
      expect(own.some((gift) => gift.row.isAnonymous)).toBe(true);
      expect(own.some((gift) => donors[gift.donor]!.isCorporate)).toBe(true);
      expect(own.some((gift) => gift.message !== null)).toBe(true);
      expect(own.some((gift) => gift.survey !== null)).toBe(true);
      expect(own.some((gift) => gift.receipt !== null)).toBe(true);
    }
    const states = recurring.map(({ row }) => (row.pausedUntil ? 'paused' : row.status));
    expect(states.filter((state) => state === 'active').length).toBeGreaterThan(5);
    expect(states).toContain('paused');
    expect(states).toContain('suspended');
    expect(states).toContain('stopped');
  });

  it('has repeat givers, donors with and without an address, and never hanako', () => {
    const { gifts, donors } = planConsoleGifts(SEEDING_DAYS[2]!, refs);
    const giftsPerEmail = new Map<string, number>();
    for (const gift of gifts.filter((candidate) => candidate.recurring === null))
      giftsPerEmail.set(donors[gift.donor]!.email, (giftsPerEmail.get(donors[gift.donor]!.email) ?? 0) + 1);
    expect([...giftsPerEmail.values()].filter((count) => count >= 3).length).toBeGreaterThanOrEqual(8);
    expect(new Set(donors.map((donor) => donor.email)).size).toBeGreaterThanOrEqual(40);
    expect(donors.some((donor) => !donor.zipCode)).toBe(true);
    expect(donors.map((donor) => donor.email)).not.toContain('hanako@kifu.example');
    expect(gifts.map((gift) => gift.userKey)).not.toContain('hanako');
    for (const gift of gifts.filter((candidate) => !donors[candidate.donor]!.zipCode)) {
      expect(gift.row.paymentMethod).toBe(PaymentMethodId.WALLET_PAY);
      expect(gift.row.needReceipt).toBe(false);
    }
  });

  it.each(SEEDING_DAYS)('seeded at %s: nothing later than now, and paid gifts in the two fiscal years before this one', (now) => {
    const { gifts } = planConsoleGifts(now, refs);
    for (const gift of gifts) {
      expect(gift.row.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      if (gift.row.paidAt) expect(gift.row.paidAt.getTime()).toBeLessThanOrEqual(now.getTime());
      if (gift.receipt) expect(gift.receipt.issuedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const thisYear = fiscalYearOf(now, 4);
    for (const associateId of CONSOLE_ASSOCIATE_IDS)
      for (const year of [thisYear - 2, thisYear - 1]) {
        const paid = gifts.filter(
          (gift) => gift.row.associateId === associateId && gift.row.paidAt && fiscalYearOf(gift.row.paidAt, 4) === year,
        );
        expect(paid.length, `associate ${associateId}, fiscal ${year}`).toBeGreaterThan(10);
      }
  });

  it.each(SEEDING_DAYS)('seeded at %s: leaves no charge, transfer or retry due for a job before its day', (now) => {
    const { recurring, gifts } = planConsoleGifts(now, refs);
    const today = japanIsoDate(now);
    for (const { row } of recurring.filter((candidate) => candidate.row.status === 'active')) {
      expect(row.nextOccurrenceDate! > today).toBe(true);
      expect(row.firstPaymentFailedAt ?? null).toBeNull();
    }
    // The monthly wallet charge runs on its own day: a paused one resumes after any month a test charges.
    for (const { row } of recurring.filter((candidate) => candidate.row.pausedUntil))
      expect(row.pausedUntil! > japanIsoDate(new Date(now.getTime() + 45 * DAY_MS))).toBe(true);
    for (const gift of gifts.filter((candidate) => candidate.row.status === 'awaiting_transfer'))
      expect(gift.account!.expirationDate.getTime()).toBeGreaterThan(now.getTime());
  });

  it.each(SEEDING_DAYS)(
    'seeded at %s: numbers the receipts of guests who asked for one, per associate and year from 1, as counted',
    (now) => {
      const { gifts, receiptCounters } = planConsoleGifts(now, refs);
      const receipted = gifts.filter((gift) => gift.receipt !== null);
      for (const gift of receipted) {
        expect(gift).toMatchObject({ userKey: null, row: { status: 'paid', needReceipt: true, isAnonymous: false } });
        expect(gift.receipt!.number).toBe(
          `K${gift.row.associateId}-${gift.receipt!.year}-${String(gift.receipt!.sequence).padStart(5, '0')}`,
        );
      }
      expect(new Set(receipted.map((gift) => gift.receipt!.number)).size).toBe(receipted.length);
      for (const counter of receiptCounters) {
        const sequences = receipted
          .filter((gift) => gift.row.associateId === counter.associateId && gift.receipt!.year === counter.year)
          .map((gift) => gift.receipt!.sequence)
          .sort((a, b) => a - b);
        expect(sequences).toEqual(Array.from({ length: counter.lastSequence }, (_, index) => index + 1));
      }
      expect(receiptCounters.reduce((sum, counter) => sum + counter.lastSequence, 0)).toBe(receipted.length);
    },
  );
});
