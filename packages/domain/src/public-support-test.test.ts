import { describe, expect, it } from 'vitest';
import {
  absoluteStandard,
  assessmentYears,
  donorsStillNeeded,
  projectedQualifying,
  relativeStandard,
  type PstGift,
} from './public-support-test';

const gift = (donorKey: string, amount: number, fiscalYear = 2025, facts: Partial<PstGift> = {}): PstGift => ({
  donorKey,
  fiscalYear,
  amount,
  named: true,
  addressKnown: true,
  ...facts,
});
/** `count` donors of ¥3,000 each in a year. */
const donors = (prefix: string, count: number, fiscalYear: number) =>
  Array.from({ length: count }, (_, index) => gift(`${prefix}-${index}`, 3_000, fiscalYear));
const FULL_YEARS = [
  { fiscalYear: 2024, months: 12 },
  { fiscalYear: 2025, months: 12 },
];

describe('the assessment period', () => {
  it('is the last two completed fiscal years for a first application and five for a renewal', () => {
    expect(assessmentYears(2026, true)).toEqual([2024, 2025]);
    expect(assessmentYears(2026, false)).toEqual([2021, 2022, 2023, 2024, 2025]);
  });
});

describe('the absolute standard', () => {
  it('passes on a yearly average of 100: 50 donors one year and 150 the next (the guidance’s example)', () => {
    const result = absoluteStandard(FULL_YEARS, [...donors('a', 50, 2024), ...donors('b', 150, 2025)]);
    expect(result.years.map((year) => year.qualifying)).toEqual([50, 150]);
    expect(result.yearlyAverage).toBe(100);
    expect(result.passes).toBe(true);
  });

  it('fails at an average of 99.5', () => {
    const result = absoluteStandard(FULL_YEARS, [...donors('a', 99, 2024), ...donors('b', 100, 2025)]);
    expect(result.yearlyAverage).toBe(99.5);
    expect(result.passes).toBe(false);
  });

  it('weighs a short first year by its months', () => {
    const short = [
      { fiscalYear: 2024, months: 6 },
      { fiscalYear: 2025, months: 12 },
    ];
    // 160 donors over 18 months: 106.7 a year.
    expect(absoluteStandard(short, [...donors('a', 60, 2024), ...donors('b', 100, 2025)]).passes).toBe(true);
    // 140 over 18 months: 93.3 a year, though the full year alone had 100.
    const failing = absoluteStandard(short, [...donors('a', 40, 2024), ...donors('b', 100, 2025)]);
    expect(failing.yearlyAverage).toBeCloseTo(93.33, 2);
    expect(failing.passes).toBe(false);
  });

  it('adds up a donor’s gifts within a year, never across years', () => {
    const result = absoluteStandard(FULL_YEARS, [
      gift('twice', 1_500, 2025),
      gift('twice', 1_500, 2025),
      gift('split', 1_500, 2024),
      gift('split', 1_500, 2025),
    ]);
    const [y2024, y2025] = result.years;
    expect(y2025!.donors.find((line) => line.donorKey === 'twice')).toMatchObject({ amount: 3_000, counts: true });
    expect(y2024!.donors.find((line) => line.donorKey === 'split')).toMatchObject({ counts: false, reason: 'under_minimum' });
    expect(y2025!.donors.find((line) => line.donorKey === 'split')).toMatchObject({ counts: false, reason: 'under_minimum' });
  });

  it('says why each donor does not count: anonymous, no address, under ¥3,000, an officer and their household, one household counted once', () => {
    const result = absoluteStandard(
      [{ fiscalYear: 2025, months: 12 }],
      [
        gift('anonymous', 10_000, 2025, { named: false }),
        gift('no-address', 10_000, 2025, { addressKnown: false }),
        gift('small', 2_999),
        gift('officer', 50_000),
        gift('officer-spouse', 5_000),
        gift('mother', 2_000),
        gift('son', 1_500),
        gift('friend', 3_000),
      ],
      {
        officers: new Set(['officer']),
        householdOf: new Map([
          ['officer', 'h-officer'],
          ['officer-spouse', 'h-officer'],
          ['mother', 'h-family'],
          ['son', 'h-family'],
        ]),
      },
    );
    const year = result.years[0]!;
    const reasons = Object.fromEntries(year.donors.map((line) => [line.donorKey, line.reason ?? 'counts']));
    expect(reasons).toEqual({
      anonymous: 'anonymous',
      'no-address': 'no_address',
      small: 'under_minimum',
      officer: 'officer',
      'officer-spouse': 'officer',
      // The household gave ¥3,500 together: it counts once, under one of its members.
      mother: 'counts',
      son: 'same_household',
      friend: 'counts',
    });
    expect(year.donors.find((line) => line.donorKey === 'mother')!.householdAmount).toBe(3_500);
    expect(year.qualifying).toBe(2);
  });

  it('treats a donor with one anonymous gift among named ones as unknown', () => {
    const result = absoluteStandard(
      [{ fiscalYear: 2025, months: 12 }],
      [gift('mixed', 3_000), gift('mixed', 3_000, 2025, { named: false })],
    );
    expect(result.years[0]!.donors[0]).toMatchObject({ counts: false, reason: 'anonymous' });
  });
});

describe('the year under way', () => {
  it('says how many more qualifying donors the year needs, and projects the year from its pace', () => {
    // 120 last year; 30 so far this year: the two years need 200 together.
    expect(donorsStillNeeded({ qualifying: 120, months: 12 }, { qualifying: 30, months: 12 })).toBe(50);
    expect(donorsStillNeeded({ qualifying: 150, months: 12 }, { qualifying: 60, months: 12 })).toBe(0);
    // 30 in four months: 90 at that pace.
    expect(projectedQualifying(30, 4)).toBe(90);
    expect(projectedQualifying(30, 0)).toBe(30);
    expect(projectedQualifying(110, 12)).toBe(110);
  });
});

describe('the relative standard', () => {
  it('takes out unnamed and small gifts from both parts, a single giver’s part above a tenth from the gifts, grants and asset sales from the income', () => {
    const gifts = [
      gift('big', 300_000),
      ...Array.from({ length: 10 }, (_, index) => gift(`small-${index}`, 500)),
      gift('anonymous', 45_000, 2025, { named: false }),
      ...Array.from({ length: 65 }, (_, index) => gift(`regular-${index}`, 10_000)),
    ];
    const result = relativeStandard(gifts, { total: 3_000_000, governmentGrants: 500_000, assetSales: 100_000 });
    expect(result).toMatchObject({
      gifts: 1_000_000,
      unnamed: 45_000,
      small: 5_000,
      // A tenth of ¥1,000,000 is ¥100,000: the big giver's ¥200,000 above it counts only as income.
      overOneGiverShare: 200_000,
      numerator: 750_000,
      denominator: 2_350_000,
      passes: true,
    });
    expect(result.ratio).toBeCloseTo(0.319, 3);
  });

  it('fails under a fifth, and passes at exactly a fifth', () => {
    const gifts = Array.from({ length: 20 }, (_, index) => gift(`g-${index}`, 10_000));
    expect(relativeStandard(gifts, { total: 1_000_001, governmentGrants: 0, assetSales: 0 }).passes).toBe(false);
    expect(relativeStandard(gifts, { total: 1_000_000, governmentGrants: 0, assetSales: 0 }).passes).toBe(true);
    expect(relativeStandard([], { total: 0, governmentGrants: 0, assetSales: 0 }).passes).toBe(false);
  });

  it('counts a giver’s small gifts of a year together: ¥600 twice is not small', () => {
    const result = relativeStandard([gift('twice', 600), gift('twice', 600), gift('once', 600)], {
      total: 1_800,
      governmentGrants: 0,
      assetSales: 0,
    });
    expect(result.small).toBe(600);
  });
});
