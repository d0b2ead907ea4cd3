// Spec §4 step 7: an attempt's outcome is shown (toast), then the tracking record (the submission
// log of spec §3) and the analytics event are sent; neither may change the supporter's outcome.
import { frequencyCode, paymentMethodIdOf } from '@kifu/domain/enums';
import type { DonateApi, SubmissionLog } from '../donate-api';
import type { DonateTarget } from '../donate-target';
import type { DonateFormValues, FormPaymentMethod } from '../form/field-values';
import { donationEvent, trackQuietly } from './donation-analytics';
import type { FlowDeps } from './submit-types';

export interface OutcomeReport {
  target: DonateTarget;
  paymentMethod: FormPaymentMethod;
  frequency: DonateFormValues['frequency'];
  email: string;
  amount: number;
  /** The signed-in supporter's id; null for a guest (the API also takes it from the session). */
  userId: number | null;
}

function submissionLog(report: OutcomeReport, success: boolean, feedbackMessage: string): SubmissionLog {
  return {
    payment_method: paymentMethodIdOf[report.paymentMethod] as SubmissionLog['payment_method'],
    frequency: frequencyCode[report.frequency],
    associate_id: report.target.associate.id,
    campaign_id: report.target.campaign?.id ?? null,
    user_id: report.userId,
    user_email: report.email,
    amount: report.amount,
    success,
    feedback_message: feedbackMessage,
  };
}

/** Spec §4 step 7: the outcome is shown, then the tracking record (submission log) and the analytics event are sent. */
export function reportOutcome(
  deps: FlowDeps,
  report: OutcomeReport,
  outcome: { status: 'completed' | 'failed' | 'cancelled'; message: string },
): void {
  deps.feedback({ kind: outcome.status === 'failed' ? 'error' : outcome.status, message: outcome.message });
  sendLog(deps.api, submissionLog(report, outcome.status === 'completed', outcome.status === 'completed' ? '' : outcome.message));
  trackQuietly(deps.track, donationEvent(report, outcome.status));
}

/** Fire and forget: a log that cannot be written must not change the supporter's outcome. */
function sendLog(api: DonateApi, log: SubmissionLog): void {
  api.logSubmission(log).catch(() => undefined);
}
