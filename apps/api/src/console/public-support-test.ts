// The public-support test tracker (ADR 071): the associate's gifts of the assessment period and of
// the year under way, read like the donor register reads them (paid, what each kept after refunds,
// by fiscal year in Japan, a donor by their account or their e-mail), handed to the domain's
// standards with the officers and households the organisation marked and the income it entered.
// Anonymous gifts never count and name nobody (spec §5): they are summed, not listed.
import {
  absoluteStandard,
  assessmentYears,
  donorRegisterKey,
  donorsStillNeeded,
  fiscalYearLabel,
  fiscalYearOf,
  fiscalYearRange,
  keptAmount,
  projectedQualifying,
  relativeStandard,
  type api,
  type Locale,
  type PstGift,
  type PstYear,
} from '@kifu/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associatePstIncomes, associatePstPeople, associates, donations, donors } from '../db/schema/index';
import { AppError } from '../lib/app-error';
import { donorAddressOf, donorNameOf } from '../receipts/receipt-for-document';
import { paidGiftsWithDonors } from './donor-register';
import { externalGiftsBetween } from './external-gifts';

const ANONYMOUS = 'anonymous:';

interface GiftFacts extends PstGift {
  name: string;
  /** Received outside Kifu and imported (ADR 077). */
  external: boolean;
}

async function giftsBetween(db: Database, associateId: number, start: Date, end: Date, startMonth: number): Promise<GiftFacts[]> {
  const [rows, external] = await Promise.all([
    paidGiftsWithDonors(db, associateId, start, end),
    externalGiftsBetween(db, associateId, start, end),
  ]);
  const kifu = rows.map(({ gift, donor }) => ({
    // Each anonymous gift is nobody the organisation knows: a key of its own, never a person's.
    donorKey: gift.isAnonymous ? `${ANONYMOUS}${gift.id}` : donorRegisterKey({ userId: gift.userId, email: donor.email }),
    fiscalYear: fiscalYearOf(gift.paidAt!, startMonth),
    amount: keptAmount(gift),
    named: !gift.isAnonymous && donorNameOf(donor).trim() !== '',
    addressKnown: !gift.isAnonymous && donor.zipCode !== '' && donorAddressOf(donor) !== '',
    name: gift.isAnonymous ? '' : donorNameOf(donor),
    external: false,
  }));
  // An imported row passed the donation form's rules: it always names the giver and their address.
  const outside = external.map(({ gift, donorKey, receivedAt }) => ({
    donorKey,
    fiscalYear: fiscalYearOf(receivedAt, startMonth),
    amount: gift.amount,
    named: true,
    addressKnown: true,
    name: gift.name,
    external: true,
  }));
  return [...kifu, ...outside];
}

/** Months of a fiscal year begun at `now`, the one under way counted: 1–12. */
function elapsedMonths(fiscalYear: number, startMonth: number, now: Date): number {
  let months = 1;
  while (months < 12 && now >= japanMonthStart(fiscalYear, startMonth, months)) months += 1;
  return months;
}

/** Midnight in Japan on the first day of the month `offset` months after the fiscal year's first. */
function japanMonthStart(fiscalYear: number, startMonth: number, offset: number): Date {
  const zeroBased = startMonth - 1 + offset;
  const year = fiscalYear + Math.floor(zeroBased / 12);
  const month = (zeroBased % 12) + 1;
  return new Date(`${year}-${String(month).padStart(2, '0')}-01T00:00:00+09:00`);
}

export async function publicSupportTestOf(
  db: Database,
  associateId: number,
  lang: Locale,
  now = new Date(),
): Promise<api.PublicSupportTest> {
  const [associate] = await db.select().from(associates).where(eq(associates.id, associateId));
  if (!associate) throw new AppError('not_found', `associate ${associateId} not found`);
  const startMonth = associate.fiscalYearStartMonth;
  const firstApplication = associate.certifiedOn === null;
  const current = fiscalYearOf(now, startMonth);
  const period = assessmentYears(current, firstApplication);
  const gifts = await giftsBetween(
    db,
    associateId,
    fiscalYearRange(period[0]!, startMonth).start,
    fiscalYearRange(current, startMonth).end,
    startMonth,
  );
  const [people, incomes] = await Promise.all([
    db.select().from(associatePstPeople).where(eq(associatePstPeople.associateId, associateId)),
    db
      .select()
      .from(associatePstIncomes)
      .where(and(eq(associatePstIncomes.associateId, associateId), inArray(associatePstIncomes.fiscalYear, period)))
      .orderBy(asc(associatePstIncomes.fiscalYear)),
  ]);
  const marks = {
    officers: new Set(people.filter((person) => person.officer).map((person) => person.donorKey)),
    householdOf: new Map(people.filter((person) => person.household).map((person) => [person.donorKey, `household:${person.household}`])),
  };
  const markOf = new Map(people.map((person) => [person.donorKey, person]));
  const externalKeys = new Set(gifts.filter((gift) => gift.external).map((gift) => `${gift.fiscalYear}\u0000${gift.donorKey}`));
  const externalThat = (fiscalYear: number, donorKey: string) => externalKeys.has(`${fiscalYear}\u0000${donorKey}`);
  const nameOf = new Map<string, string>();
  for (const gift of gifts) if (gift.name) nameOf.set(gift.donorKey, gift.name);

  const yearView = (year: PstYear): api.PublicSupportTest['absolute']['years'][number] => {
    const anonymous = gifts.filter((gift) => gift.fiscalYear === year.fiscalYear && gift.donorKey.startsWith(ANONYMOUS));
    return {
      fiscal_year: year.fiscalYear,
      label: fiscalYearLabel(year.fiscalYear, startMonth, lang),
      qualifying: year.qualifying,
      donors: year.donors
        .filter((line) => !line.donorKey.startsWith(ANONYMOUS))
        .map((line) => ({
          donor_key: line.donorKey,
          name: nameOf.get(line.donorKey) ?? '',
          amount: line.amount,
          household_amount: line.householdAmount,
          counts: line.counts,
          reason: line.reason ?? null,
          officer: markOf.get(line.donorKey)?.officer ?? false,
          household: markOf.get(line.donorKey)?.household ?? null,
          ...(externalThat(year.fiscalYear, line.donorKey) ? { external: true as const } : {}),
        })),
      anonymous_gifts: anonymous.length,
      anonymous_amount: anonymous.reduce((sum, gift) => sum + gift.amount, 0),
    };
  };

  const absolute = absoluteStandard(
    period.map((fiscalYear) => ({ fiscalYear, months: 12 })),
    gifts,
    marks,
  );
  const thisYear = absoluteStandard([{ fiscalYear: current, months: 12 }], gifts, marks).years[0]!;
  const elapsed = elapsedMonths(current, startMonth, now);
  // The period that will end with the year under way: the completed years after the oldest.
  const before = absolute.years.slice(1);
  const stillNeeded = donorsStillNeeded(
    { qualifying: before.reduce((sum, year) => sum + year.qualifying, 0), months: before.reduce((sum, year) => sum + year.months, 0) },
    { qualifying: thisYear.qualifying, months: 12 },
  );

  const missing = period.filter((fiscalYear) => !incomes.some((income) => income.fiscalYear === fiscalYear));
  const relative = relativeStandard(
    gifts.filter((gift) => period.includes(gift.fiscalYear)),
    incomes.reduce(
      (sum, income) => ({
        total: sum.total + income.total,
        governmentGrants: sum.governmentGrants + income.governmentGrants,
        assetSales: sum.assetSales + income.assetSales,
      }),
      { total: 0, governmentGrants: 0, assetSales: 0 },
    ),
  );
  return {
    first_application: firstApplication,
    fiscal_year_start_month: startMonth,
    period,
    absolute: {
      passes: absolute.passes,
      qualifying: absolute.qualifying,
      months: absolute.months,
      yearly_average: Math.floor(absolute.yearlyAverage * 10) / 10,
      years: absolute.years.map(yearView),
    },
    current_year: {
      ...yearView(thisYear),
      elapsed_months: elapsed,
      projected: projectedQualifying(thisYear.qualifying, elapsed),
      still_needed: stillNeeded,
    },
    relative: {
      passes: missing.length > 0 ? null : relative.passes,
      missing_income_years: missing,
      gifts: relative.gifts,
      unnamed: relative.unnamed,
      small: relative.small,
      over_one_giver_share: relative.overOneGiverShare,
      numerator: relative.numerator,
      denominator: relative.denominator,
      ratio: Math.floor(relative.ratio * 1000) / 1000,
    },
    incomes: incomes.map((income) => ({
      fiscal_year: income.fiscalYear,
      total: income.total,
      government_grants: income.governmentGrants,
      asset_sales: income.assetSales,
    })),
  };
}

/** Enters (or corrects) a fiscal year's income; a year outside the tracker's reach is still kept. */
export async function savePstIncome(db: Database, associateId: number, fiscalYear: number, body: api.PstIncomeBody): Promise<void> {
  const values = { total: body.total, governmentGrants: body.government_grants, assetSales: body.asset_sales };
  await db
    .insert(associatePstIncomes)
    .values({ associateId, fiscalYear, ...values })
    .onConflictDoUpdate({
      target: [associatePstIncomes.associateId, associatePstIncomes.fiscalYear],
      set: { ...values, updatedAt: new Date() },
    });
}

/**
 * Marks a donor of this associate an officer or a member of a household; unmarked (not an officer,
 * no household) removes the mark. A key that is no donor of the associate's is 404: the marks are
 * the associate's own, never a way to probe another's supporters.
 */
export async function markPstPerson(db: Database, associateId: number, body: api.PstPersonBody): Promise<void> {
  const email = body.donor_key.startsWith('email:') ? body.donor_key.slice('email:'.length) : null;
  const userId = body.donor_key.startsWith('user:') ? Number(body.donor_key.slice('user:'.length)) : null;
  const gaveOpenly =
    (email !== null || (userId !== null && Number.isSafeInteger(userId))) &&
    (
      await db
        .select({ id: donations.id })
        .from(donations)
        .innerJoin(donors, eq(donors.id, donations.donorId))
        .where(
          and(
            eq(donations.associateId, associateId),
            eq(donations.isAnonymous, false),
            // The same person as donorRegisterKey names them: an account, or a guest's e-mail in any case.
            userId !== null ? eq(donations.userId, userId) : and(isNull(donations.userId), sql`lower(trim(${donors.email})) = ${email}`),
          ),
        )
        .limit(1)
    ).length > 0;
  if (!gaveOpenly) throw new AppError('not_found', 'no such donor of this associate');
  if (!body.officer && body.household === null) {
    await db
      .delete(associatePstPeople)
      .where(and(eq(associatePstPeople.associateId, associateId), eq(associatePstPeople.donorKey, body.donor_key)));
    return;
  }
  await db
    .insert(associatePstPeople)
    .values({ associateId, donorKey: body.donor_key, officer: body.officer, household: body.household })
    .onConflictDoUpdate({
      target: [associatePstPeople.associateId, associatePstPeople.donorKey],
      set: { officer: body.officer, household: body.household, updatedAt: new Date() },
    });
}
