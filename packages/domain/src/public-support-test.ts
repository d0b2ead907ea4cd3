// The public-support test (パブリック・サポート・テスト) a certified NPO must pass to be certified and
// to stay certified, worked out from the gifts an organisation knows of. Two of its standards are
// computed here (the third, a local ordinance naming the organisation, is a fact, not a sum):
//
// - The absolute standard (絶対値基準): in each fiscal year of the assessment period, count the
//   donors whose gifts that year total ¥3,000 or more and whose name and address are known. A donor
//   and the people who share their household count as one (their gifts are added up); the
//   organisation's officers and their households do not count at all. The count over the period,
//   divided by the period's months and multiplied by 12 (a yearly average that weighs a short first
//   year by its months), must be at least 100.
// - The relative standard (相対値基準): over the period, gifts must be at least a fifth of ordinary
//   income. Gifts whose giver's name is unknown, and a giver's gifts of a year that total under
//   ¥1,000, count in neither part; what one giver gave above a tenth of all gifts counts only in the
//   income; grants from the state and local governments and one-off income from selling assets are
//   taken out of the income.
//
// The assessment period is the last two completed fiscal years for a first application and the last
// five for a renewal. Our reading of the rules and its limits: ADR 071.

/** ¥3,000: a donor's (household's) gifts of a fiscal year must reach this to count. */
export const PST_DONOR_MINIMUM = 3_000;
/** 100 qualifying donors a year, on average over the period. */
export const PST_DONORS_PER_YEAR = 100;
/** A giver's gifts of a year under ¥1,000 are left out of the relative standard. */
export const PST_SMALL_GIFT_LIMIT = 1_000;
/** The relative standard: gifts at least one fifth of income. */
export const PST_RELATIVE_MINIMUM = { numerator: 1, denominator: 5 } as const;
/** What one giver's gifts count for in the relative standard's gifts: a tenth of all gifts. */
export const PST_ONE_GIVER_SHARE = { numerator: 1, denominator: 10 } as const;

/** How many completed fiscal years the assessment period covers. */
export const assessmentYearCount = (firstApplication: boolean) => (firstApplication ? 2 : 5);

/** The fiscal years of the assessment period, oldest first, that end before the current one. */
export function assessmentYears(currentFiscalYear: number, firstApplication: boolean): number[] {
  const count = assessmentYearCount(firstApplication);
  return Array.from({ length: count }, (_, index) => currentFiscalYear - count + index);
}

export interface PstGift {
  /** Who gave: the same key for every gift of one donor. */
  donorKey: string;
  fiscalYear: number;
  amount: number;
  /** The giver's name is known (an anonymous gift's is not, to the organisation). */
  named: boolean;
  /** The giver's address is known. */
  addressKnown: boolean;
}

export interface PstPeople {
  /** A donor → the household they share with others (the organisation merges households). */
  householdOf?: ReadonlyMap<string, string>;
  /** The organisation's officers; their households are left out too. */
  officers?: ReadonlySet<string>;
}

export const PST_DONOR_REASONS = ['anonymous', 'no_address', 'officer', 'same_household', 'under_minimum'] as const;
export type PstDonorReason = (typeof PST_DONOR_REASONS)[number];

export interface PstDonorLine {
  donorKey: string;
  /** What the donor gave that fiscal year (their own gifts). */
  amount: number;
  /** What their household gave that year, the donor's included: what the ¥3,000 is checked on. */
  householdAmount: number;
  counts: boolean;
  /** Why a donor does not count; the first that applies, in the order above. */
  reason?: PstDonorReason;
}

export interface PstYear {
  fiscalYear: number;
  months: number;
  qualifying: number;
  donors: PstDonorLine[];
}

export interface AbsoluteStandard {
  years: PstYear[];
  qualifying: number;
  months: number;
  /** Qualifying donors per twelve months over the period. */
  yearlyAverage: number;
  passes: boolean;
}

/**
 * The absolute standard over the given fiscal years (`months`: 12 unless a year was short, as an
 * organisation's first often is). Every donor of a year is listed with whether they count and why not.
 */
export function absoluteStandard(
  years: readonly { fiscalYear: number; months: number }[],
  gifts: readonly PstGift[],
  people: PstPeople = {},
): AbsoluteStandard {
  const householdOf = (donor: string) => people.householdOf?.get(donor) ?? `donor:${donor}`;
  const officerHouseholds = new Set([...(people.officers ?? [])].map(householdOf));
  const lines = years.map(({ fiscalYear, months }): PstYear => {
    const donors = new Map<string, { amount: number; named: boolean; addressKnown: boolean }>();
    for (const gift of gifts) {
      if (gift.fiscalYear !== fiscalYear) continue;
      const donor = donors.get(gift.donorKey) ?? { amount: 0, named: true, addressKnown: true };
      donor.amount += gift.amount;
      // A donor is known when every gift of theirs says who and where they are: one anonymous gift
      // among named ones is a gift nobody can put a name to.
      donor.named &&= gift.named;
      donor.addressKnown &&= gift.addressKnown;
      donors.set(gift.donorKey, donor);
    }
    const householdTotals = new Map<string, number>();
    for (const [key, donor] of donors) {
      if (donor.named) householdTotals.set(householdOf(key), (householdTotals.get(householdOf(key)) ?? 0) + donor.amount);
    }
    // One donor stands for a household: the first known one with an address, by key, so the same list gives the same answer.
    const representative = new Map<string, string>();
    for (const key of [...donors.keys()].sort()) {
      const donor = donors.get(key)!;
      if (donor.named && donor.addressKnown && !representative.has(householdOf(key))) representative.set(householdOf(key), key);
    }
    const donorLines = [...donors.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, donor]): PstDonorLine => {
        const household = householdOf(key);
        const householdAmount = donor.named ? householdTotals.get(household)! : donor.amount;
        const reason: PstDonorReason | undefined = !donor.named
          ? 'anonymous'
          : !donor.addressKnown
            ? 'no_address'
            : officerHouseholds.has(household)
              ? 'officer'
              : representative.get(household) !== key
                ? 'same_household'
                : householdAmount < PST_DONOR_MINIMUM
                  ? 'under_minimum'
                  : undefined;
        return { donorKey: key, amount: donor.amount, householdAmount, counts: reason === undefined, ...(reason ? { reason } : {}) };
      });
    return { fiscalYear, months, qualifying: donorLines.filter((line) => line.counts).length, donors: donorLines };
  });
  const qualifying = lines.reduce((sum, year) => sum + year.qualifying, 0);
  const months = lines.reduce((sum, year) => sum + year.months, 0);
  const yearlyAverage = months === 0 ? 0 : (qualifying * 12) / months;
  // Compared in whole numbers: qualifying × 12 ≥ 100 × months, so no rounding decides a pass.
  return { years: lines, qualifying, months, yearlyAverage, passes: months > 0 && qualifying * 12 >= PST_DONORS_PER_YEAR * months };
}

/**
 * How many more qualifying donors the organisation needs in the year under way for the period
 * ending with it to pass: the completed years' count and the current year's so far, against 100 a
 * year over every month of the period (0 once it is enough).
 */
export function donorsStillNeeded(
  completed: { qualifying: number; months: number },
  currentYear: { qualifying: number; months: number },
): number {
  const months = completed.months + currentYear.months;
  const needed = Math.ceil((PST_DONORS_PER_YEAR * months) / 12) - completed.qualifying - currentYear.qualifying;
  return Math.max(0, needed);
}

/**
 * Where the year under way is heading: its qualifying donors so far, carried on at the same pace
 * over its remaining months. A first guess for planning, said as such on the page.
 */
export function projectedQualifying(soFar: number, elapsedMonths: number, yearMonths = 12): number {
  if (elapsedMonths <= 0) return soFar;
  return Math.floor((soFar * yearMonths) / Math.min(elapsedMonths, yearMonths));
}

export interface PstIncome {
  /** Ordinary income of the period as the accounts show it (経常収入金額), gifts included. */
  total: number;
  /** Grants and subsidies from the state and local governments (国等からの補助金等). */
  governmentGrants: number;
  /** One-off income from selling assets (資産の売却による臨時的な収入). */
  assetSales: number;
}

export interface RelativeStandard {
  /** All gifts of the period. */
  gifts: number;
  /** Gifts whose giver's name is unknown. */
  unnamed: number;
  /** Givers' gifts of a year that total under ¥1,000. */
  small: number;
  /** What single givers gave above a tenth of all gifts. */
  overOneGiverShare: number;
  numerator: number;
  denominator: number;
  /** numerator / denominator, for display. */
  ratio: number;
  passes: boolean;
}

/** The relative standard over the period: the gifts it knows of, and the income the organisation entered. */
export function relativeStandard(gifts: readonly PstGift[], income: PstIncome): RelativeStandard {
  const total = gifts.reduce((sum, gift) => sum + gift.amount, 0);
  const unnamed = gifts.filter((gift) => !gift.named).reduce((sum, gift) => sum + gift.amount, 0);
  const perGiverYear = new Map<string, number>();
  const perGiver = new Map<string, number>();
  for (const gift of gifts) {
    if (!gift.named) continue;
    const key = `${gift.donorKey}\u0000${gift.fiscalYear}`;
    perGiverYear.set(key, (perGiverYear.get(key) ?? 0) + gift.amount);
  }
  let small = 0;
  for (const [key, amount] of perGiverYear) {
    if (amount < PST_SMALL_GIFT_LIMIT) small += amount;
    else {
      const giver = key.split('\u0000')[0]!;
      perGiver.set(giver, (perGiver.get(giver) ?? 0) + amount);
    }
  }
  // A tenth of all gifts, floored to the yen: what one giver counts for at most.
  const share = Math.floor((total * PST_ONE_GIVER_SHARE.numerator) / PST_ONE_GIVER_SHARE.denominator);
  const overOneGiverShare = [...perGiver.values()].reduce((sum, amount) => sum + Math.max(0, amount - share), 0);
  const numerator = total - unnamed - small - overOneGiverShare;
  const denominator = income.total - income.governmentGrants - income.assetSales - unnamed - small;
  return {
    gifts: total,
    unnamed,
    small,
    overOneGiverShare,
    numerator,
    denominator,
    ratio: denominator > 0 ? numerator / denominator : 0,
    passes: denominator > 0 && numerator * PST_RELATIVE_MINIMUM.denominator >= denominator * PST_RELATIVE_MINIMUM.numerator,
  };
}
