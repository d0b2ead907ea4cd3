// The console overview's charts (ADR 076): every series of GET /associate/{uid}/console/insights/
// in one answer — gifts and amount per day, week or month; by method and by kind; monthly recurring
// revenue at each month end; new and returning supporters; cohorts of monthly supporters; each
// campaign's progress. Counts and sums only: no supporter is named (spec §5).
import { z } from 'zod';
import { dayNumber, isIsoCalendarDate, ISO_DATE_PATTERN } from '../calendar';
import { PAYMENT_METHODS } from '../enums';
import { langQuery } from './common';
import { GIFT_KINDS } from './console';

export const INSIGHT_PERIODS = ['day', 'week', 'month'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/** The most buckets one answer draws: a year of days, five years of weeks, ten years of months. */
export const INSIGHT_MAX_DAYS: Record<InsightPeriod, number> = { day: 366, week: 5 * 366, month: 10 * 366 };

/** The months after a monthly supporter's first charge at which the cohort chart looks. */
export const COHORT_OFFSETS = [1, 3, 6, 12] as const;

/** A calendar date that exists (2026-02-30 does not). */
const calendarDate = z
  .string()
  .regex(ISO_DATE_PATTERN, 'date')
  .refine((value) => isIsoCalendarDate(value) && value >= '2000-01-01', 'date');

/**
 * `from` and `to` are Japan dates, both included; left out, the twelve months up to today. The
 * range is bounded by the period so an answer never grows past a chart's worth of buckets.
 */
export const consoleInsightsQuery = langQuery
  .extend({
    period: z.enum(INSIGHT_PERIODS).default('month'),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    const days = dayNumber(query.to) - dayNumber(query.from) + 1;
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'value' });
    else if (days > INSIGHT_MAX_DAYS[query.period]) context.addIssue({ code: 'custom', path: ['from'], message: 'value' });
  });
export type ConsoleInsightsQuery = z.infer<typeof consoleInsightsQuery>;

const money = { count: z.number().int(), amount: z.number().int() };

export const consoleInsights = z.object({
  period: z.enum(INSIGHT_PERIODS),
  from: z.string(),
  to: z.string(),
  /** One bucket per day, week (from Monday) or month in the range, empty ones included; `start` is its first Japan date. */
  gifts: z.array(z.object({ start: z.string(), ...money })),
  by_method: z.array(z.object({ method: z.enum(PAYMENT_METHODS), ...money })),
  by_kind: z.array(z.object({ kind: z.enum(GIFT_KINDS), ...money })),
  /** Per bucket: supporters whose first open gift to the associate was in it, the others who gave in it, and anonymous gifts. */
  supporters: z.array(
    z.object({ start: z.string(), new: z.number().int(), returning: z.number().int(), anonymous_gifts: z.number().int() }),
  ),
  /** At the end of each month of the range (today for this month): monthly support + annual / 12, and how many give monthly or annually. */
  mrr: z.array(z.object({ month: z.string(), amount: z.number().int(), monthly: z.number().int(), annual: z.number().int() })),
  /** Monthly supporters by the month of their first monthly charge; `still[i]` is how many were charged COHORT_OFFSETS[i] months later, null until that month is over. */
  cohorts: z.array(z.object({ month: z.string(), size: z.number().int(), still: z.array(z.number().int().nullable()) })),
  /** The associate's published and closed campaigns, newest first: kept amount raised against the goal. */
  campaigns: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      status: z.enum(['published', 'closed']),
      raised: z.number().int(),
      goal: z.number().int(),
    }),
  ),
});
export type ConsoleInsights = z.infer<typeof consoleInsights>;
