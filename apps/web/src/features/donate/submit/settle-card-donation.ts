// Back from 3-D Secure (or the wallet provider's result page): the gift settled after the
// supporter came back is shown and logged like any other outcome.
import { CARD_CHECK } from '@kifu/domain/catalogue/card-check';
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import type { Locale } from '@kifu/domain/enums';
import type { DonateTarget } from '../donate-target';
import type { DonateFormValues } from '../form/field-values';
import type { Contribution, PendingDonation } from '../form/persisted-form-store';
import { reportCardCheckFallback } from './card-check-fallback';
import { messageForDetail } from './failure-messages';
import { reportOutcome, type OutcomeReport } from './outcome-report';
import { pollDonationStatus, StatusUnconfirmedError } from './poll-donation-status';
import type { FlowDeps } from './submit-types';

export interface SettleInput {
  pending: PendingDonation;
  target: DonateTarget;
  /** The restored form values (for the amount-limit wording); defaults when restoring failed. */
  values: DonateFormValues;
  locale: Locale;
  /** The signed-in supporter's id, for the submission log; null or absent for a guest. */
  userId?: number | null;
}

export type SettleOutcome = { status: 'paid'; contribution: Contribution } | { status: 'failed'; message: string };

/** Back from 3-D Secure: wait for the server to settle the gift, then show and log the result. */
export async function settleCardDonation(input: SettleInput, deps: FlowDeps & { now(): number }): Promise<SettleOutcome> {
  const { pending, locale } = input;
  deps.feedback({ kind: 'loading', message: CARD_CHECK.checking[locale] });
  let outcome: SettleOutcome;
  try {
    const status = await pollDonationStatus(() => deps.api.getStatus(pending.donationId, pending.statusToken), {
      sleep: deps.sleep,
      now: deps.now,
    });
    outcome =
      status.result === 'PAID'
        ? {
            status: 'paid',
            contribution: {
              donationId: pending.donationId,
              paymentMethod: pending.paymentMethod,
              frequency: pending.frequency,
              amount: pending.amount,
              email: pending.email,
              virtualAccount: null,
              statusToken: pending.statusToken,
              messageId: pending.messageId ?? null,
            },
          }
        : {
            status: 'failed',
            message: messageForDetail(status.detail ?? '', {
              locale,
              method: pending.paymentMethod,
              target: input.target,
              values: input.values,
              methodLabel: deps.methodLabel,
            }),
          };
  } catch (error) {
    if (!(error instanceof StatusUnconfirmedError)) {
      reportCardCheckFallback(error, 'confirm');
      throw error;
    }
    outcome = { status: 'failed', message: DONATION_ERRORS.statusUnconfirmed[locale] };
  }
  reportSettlement(input, deps, outcome);
  return outcome;
}

/** A gift settled after the supporter came back (3-D Secure, wallet pay): show and log the outcome. */
export function reportSettlement(input: SettleInput, deps: FlowDeps, outcome: SettleOutcome): void {
  const { pending, locale } = input;
  const report: OutcomeReport = {
    target: input.target,
    paymentMethod: pending.paymentMethod,
    frequency: pending.frequency,
    email: pending.email,
    amount: pending.amount,
    userId: input.userId ?? null,
  };
  reportOutcome(deps, report, outcome.status === 'paid' ? { status: 'completed', message: NOTICES.completed[locale] } : outcome);
}
