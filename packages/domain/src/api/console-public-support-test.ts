// The console's public-support test tracker (ADR 071): both standards for the current assessment
// period from the associate's gifts, year by year with each donor and why they do or do not count,
// the year under way, and what the organisation enters: its income per fiscal year, its officers
// and the households it merges.
import { z } from 'zod';
import { PST_DONOR_REASONS } from '../public-support-test';
import { isUsableText, UNUSABLE_TEXT_RULE } from '../schemas/usable-text';
import { associateUidParams } from './associate';
import { langQuery, PG_INTEGER_MAX } from './common';

export const pstDonorLine = z.object({
  /** Who: the key the marks below name (a member's account or a guest's e-mail). */
  donor_key: z.string(),
  name: z.string(),
  amount: z.number().int(),
  household_amount: z.number().int(),
  counts: z.boolean(),
  reason: z.enum(PST_DONOR_REASONS).nullable(),
  officer: z.boolean(),
  household: z.string().nullable(),
  /** Only on a donor with a gift received outside Kifu and imported that year (ADR 077). */
  external: z.literal(true).optional(),
});
export type PstDonorLineView = z.infer<typeof pstDonorLine>;

export const pstYear = z.object({
  fiscal_year: z.number().int(),
  label: z.string(),
  qualifying: z.number().int(),
  donors: z.array(pstDonorLine),
  /** Anonymous gifts: they never count, and name nobody. */
  anonymous_gifts: z.number().int(),
  anonymous_amount: z.number().int(),
});

export const pstIncome = z.object({
  fiscal_year: z.number().int(),
  total: z.number().int(),
  government_grants: z.number().int(),
  asset_sales: z.number().int(),
});
export type PstIncomeView = z.infer<typeof pstIncome>;

export const publicSupportTest = z.object({
  /** No certification yet: the period is the last two fiscal years; after it, five. */
  first_application: z.boolean(),
  fiscal_year_start_month: z.number().int(),
  /** The completed fiscal years of the assessment period, oldest first. */
  period: z.array(z.number().int()),
  absolute: z.object({
    passes: z.boolean(),
    qualifying: z.number().int(),
    months: z.number().int(),
    yearly_average: z.number(),
    years: z.array(pstYear),
  }),
  current_year: pstYear.extend({
    elapsed_months: z.number().int(),
    /** The year's qualifying donors at this pace: a projection. */
    projected: z.number().int(),
    /** More qualifying donors this year for the period ending with it to pass (0: enough). */
    still_needed: z.number().int(),
  }),
  relative: z.object({
    /** Null while a year of the period has no income entered. */
    passes: z.boolean().nullable(),
    missing_income_years: z.array(z.number().int()),
    gifts: z.number().int(),
    unnamed: z.number().int(),
    small: z.number().int(),
    over_one_giver_share: z.number().int(),
    numerator: z.number().int(),
    denominator: z.number().int(),
    ratio: z.number(),
  }),
  incomes: z.array(pstIncome),
});
export type PublicSupportTest = z.infer<typeof publicSupportTest>;

const yen = z.number({ error: 'value' }).int('value').min(0, 'min').max(PG_INTEGER_MAX, 'max');

export const pstIncomeParams = associateUidParams.extend({
  fiscalYear: z.coerce.number({ error: 'value' }).int('value').min(2000, 'min').max(2100, 'max'),
});

/** PUT …/public-support-test/incomes/{fiscalYear}/: the year's ordinary income and its grants and asset sales. */
export const pstIncomeBody = z
  .object({ total: yen, government_grants: yen, asset_sales: yen })
  .refine((body) => body.government_grants + body.asset_sales <= body.total, { message: 'max', path: ['government_grants'] });
export type PstIncomeBody = z.infer<typeof pstIncomeBody>;

/** PUT …/public-support-test/people/: mark a donor an officer, or put them in a household (null: none). */
export const pstPersonBody = z.object({
  donor_key: z.string().min(1).max(300).refine(isUsableText, UNUSABLE_TEXT_RULE),
  officer: z.boolean(),
  household: z.string().trim().min(1).max(100).refine(isUsableText, UNUSABLE_TEXT_RULE).nullable(),
});
export type PstPersonBody = z.infer<typeof pstPersonBody>;

export const publicSupportTestQuery = langQuery;
