// The console's recurring support (ADR 060): every monthly and annual supporter of the associate —
// in the states the supporter sees on my page (recurring-support.ts recurringState): running,
// paused, retrying a failed charge, suspended after failures, stopped with the reason they gave, or
// waiting for its first charge — with the next charge date. An anonymous supporter's name and e-mail are never shown (spec §5).
import { z } from 'zod';
import { PAYMENT_METHODS } from '../enums';
import { isUsableText, UNUSABLE_TEXT_RULE } from '../schemas/usable-text';
import { langQuery, pageQuery, paginated } from './common';
import { RECURRING_STATES } from './recurring-support';
import type { RecurringState } from '../recurring-support';

export const consoleRecurringQuery = langQuery.extend(pageQuery.shape).extend({
  state: z.enum(RECURRING_STATES).optional(),
  period: z.enum(['monthly', 'annual']).optional(),
  q: z.string().trim().max(100).refine(isUsableText, UNUSABLE_TEXT_RULE).optional(),
});
export type ConsoleRecurringQuery = z.infer<typeof consoleRecurringQuery>;

export const consoleRecurringSupport = z.object({
  id: z.number().int(),
  supporter: z.object({
    anonymous: z.boolean(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    /** Their supporter page (supporterId), when they are not anonymous. */
    supporter_id: z.string().nullable(),
  }),
  period: z.enum(['monthly', 'annual']),
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  state: z.enum(RECURRING_STATES),
  campaign: z.string().nullable(),
  since: z.string(),
  next_charge_on: z.string().nullable(),
  paused_until: z.string().nullable(),
  last_charged_at: z.string().nullable(),
  last_failed_at: z.string().nullable(),
  stopped_at: z.string().nullable(),
  /** What the supporter said when they stopped. */
  stop_reason: z.string().nullable(),
});
export type ConsoleRecurringSupport = z.infer<typeof consoleRecurringSupport>;

export const consoleRecurring = paginated(consoleRecurringSupport).extend({
  /** How many are in each state (whatever the state filter), for the tabs. */
  counts: z.object(Object.fromEntries(RECURRING_STATES.map((state) => [state, z.number().int()])) as Record<RecurringState, z.ZodNumber>),
});
export type ConsoleRecurring = z.infer<typeof consoleRecurring>;
