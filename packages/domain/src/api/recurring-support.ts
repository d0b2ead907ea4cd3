// Wire shapes of recurring support management (ADR 034, /mypage/recurring-support): the
// supporter's recurring donations with their charges and what may be changed, and the changes.
import { z } from 'zod';
import { STOP_REASON_MAX_LENGTH, PAUSE_MONTHS } from '../recurring-support';
import { PAYMENT_METHODS } from '../enums';
import { langQuery } from './common';

export const RECURRING_STATES = ['pending', 'active', 'paused', 'retrying', 'suspended', 'stopped'] as const;

export const recurringCharge = z.object({
  donation_id: z.number().int(),
  amount: z.number().int(),
  status: z.string(),
  /** When it was charged (paid), or attempted. */
  at: z.string(),
});

export const recurringSupportItem = z.object({
  id: z.number().int(),
  /** What it supports: the associate, or the portfolio; the campaign when it is for one. */
  associate: z.object({ uid: z.string(), name: z.string() }).nullable(),
  portfolio: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  campaign: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  amount: z.number().int(),
  period: z.enum(['monthly', 'annual']),
  membership_plan: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  card: z.object({ brand: z.string(), last_digits: z.string() }).nullable(),
  state: z.enum(RECURRING_STATES),
  next_charge_on: z.string().nullable(),
  paused_until: z.string().nullable(),
  started_on: z.string(),
  stopped_at: z.string().nullable(),
  allowed: z.object({ amount: z.boolean(), pause: z.boolean(), skip: z.boolean(), resume: z.boolean(), stop: z.boolean() }),
  charges: z.array(recurringCharge),
});
export type RecurringSupportItem = z.infer<typeof recurringSupportItem>;

export const recurringSupportList = z.object({ results: z.array(recurringSupportItem) });
export type RecurringSupportList = z.infer<typeof recurringSupportList>;

export const stopRecurringBody = z.object({
  reason: z.string().max(STOP_REASON_MAX_LENGTH).nullish(),
  lang: langQuery.shape.lang,
});
export const changeAmountBody = z.object({ amount: z.number({ error: 'value' }).int('value'), lang: langQuery.shape.lang });
export const pauseRecurringBody = z.object({
  months: z.literal(PAUSE_MONTHS),
  lang: langQuery.shape.lang,
});
export const langBody = z.object({ lang: langQuery.shape.lang });
