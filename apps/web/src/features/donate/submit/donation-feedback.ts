// What the donation form tells the supporter while and after it submits (spec §4 "Donation form
// status and toasts"): loading is persistent, an error stays 10 s, cancelled (a warning) and
// completed (a success) 3 s. One toast slot is reused, so the result replaces the loading toast,
// and the same feedback twice in a row is not shown again.

export const FEEDBACK_KINDS = ['loading', 'error', 'cancelled', 'completed'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export interface Feedback {
  kind: FeedbackKind;
  message: string;
}

/** Shows one kind of toast in the slot `id`; durations are the notifier's business. */
export type Notifier = Record<FeedbackKind, (message: string, id: string) => void>;

export const FEEDBACK_TOAST_ID = 'donation-form-status';

export function createFeedback(notifier: Notifier, id: string = FEEDBACK_TOAST_ID): (feedback: Feedback) => void {
  let last: Feedback | undefined;
  return (feedback) => {
    if (last && last.kind === feedback.kind && last.message === feedback.message) return;
    last = feedback;
    notifier[feedback.kind](feedback.message, id);
  };
}
