// An associate's monthly statements and their payouts (ADR 073, ADR 075), and Kifu's staff's view of
// the payout runs.
import { z } from 'zod';
import { PAYOUT_ACCOUNT_TYPES, payoutAccountInput } from '../payout-account';
import { ISO_DATE_PATTERN } from '../calendar';
import { PAYOUT_STATUSES } from '../statements';
import { associateUidParams } from './associate';
import { langQuery, PG_INTEGER_MAX } from './common';

export const statementTotalsView = z.object({
  gross: z.number().int(),
  refunds: z.number().int(),
  fees: z.number().int(),
  commission: z.number().int(),
  tax: z.number().int(),
  net: z.number().int(),
  carried_in: z.number().int(),
  payable: z.number().int(),
  carried_out: z.number().int(),
});

export const payoutView = z.object({
  id: z.number().int(),
  month: z.string(),
  amount: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  failure_code: z.string().nullable(),
  reference: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type PayoutView = z.infer<typeof payoutView>;

export const statementSummary = statementTotalsView.extend({
  month: z.string(),
  payout_date: z.string(),
  closed_at: z.string(),
  payout: payoutView.nullable(),
});
export type StatementSummaryView = z.infer<typeof statementSummary>;

export const statementList = z.object({
  /** What is not on a closed statement yet: it may still change until its month closes. */
  open: statementTotalsView.extend({ gifts: z.number().int(), refunds_count: z.number().int() }),
  /** The closed statements, newest first. */
  results: z.array(statementSummary),
  /** False while the associate has no payout account: what it is owed waits. */
  has_payout_account: z.boolean(),
});
export type StatementListView = z.infer<typeof statementList>;

export const statementLine = z.object({
  kind: z.enum(['gift', 'refund', 'failed_payout']),
  occurred_at: z.string(),
  donation_id: z.number().int().nullable(),
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
});
export type StatementLineView = z.infer<typeof statementLine>;

export const statementDetail = statementSummary.extend({ lines: z.array(statementLine) });
export type StatementDetailView = z.infer<typeof statementDetail>;

export const statementParams = associateUidParams.extend({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
});
export const statementQuery = langQuery;

export const payoutRunView = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'staff']),
  /** The later day a demo or test run acted as of (ADR 079); null for a run as of its own day. */
  as_of: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  payouts: z.number().int(),
  amount: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  open: z.number().int(),
});
export type PayoutRunView = z.infer<typeof payoutRunView>;

export const payoutRunPayout = payoutView.extend({ associate_uid: z.string(), associate_name: z.string() });
export const payoutRunDetail = payoutRunView.extend({ results: z.array(payoutRunPayout) });
export type PayoutRunDetailView = z.infer<typeof payoutRunDetail>;
/** The runs, and whether this server lets staff run as of a later day (never in production, ADR 079). */
export const payoutRunList = z.object({ results: z.array(payoutRunView), may_run_as_of: z.boolean() });
export type PayoutRunListView = z.infer<typeof payoutRunList>;
/** Starting a run: as of today, or (where allowed) as of a later day, YYYY-MM-DD. */
export const payoutRunRequest = z
  .object({
    as_of: z.string().regex(ISO_DATE_PATTERN, 'validate.date').optional(),
  })
  .strict();
export const payoutRunParams = z.object({ id: z.coerce.number().int().min(1).max(PG_INTEGER_MAX) });

export const payoutAccountView = z.object({
  account: z
    .object({
      bank_code: z.string(),
      bank_name: z.string(),
      branch_code: z.string(),
      branch_name: z.string(),
      account_type: z.enum(PAYOUT_ACCOUNT_TYPES),
      /** Masked: only its last three digits are shown. */
      account_number: z.string(),
      account_holder: z.string(),
      updated_at: z.string(),
    })
    .nullable(),
});
export type PayoutAccountView = z.infer<typeof payoutAccountView>;

/** An owner's change of the payout account: the account, and their password again. */
export const payoutAccountChange = payoutAccountInput.extend({
  current_password: z.string({ error: 'required' }).min(1, 'required').max(200, 'maxLength'),
});
export type PayoutAccountChange = z.input<typeof payoutAccountChange>;
