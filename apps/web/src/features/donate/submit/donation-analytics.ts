// The analytics event of spec §4 flow step 7 ("an analytics event and a tracking record are
// sent"; the tracking record is the submission log). There is no analytics vendor: the event is
// pushed onto `window.dataLayer`, the Google Tag Manager convention, so a tag manager added later
// picks it up without a change here (decision 013). One event per outcome the supporter sees:
// after an attempt that ends on the page (completed, failed, cancelled) and after a gift settled
// on return (3-D Secure, wallet pay). Never personal data: no email, names, address or card.
import type { Frequency, PaymentMethod } from '@kifu/domain/enums';
import type { DonateTarget } from '../donate-target';

export const DONATION_EVENT = 'donation_submit';

export interface DonationAnalyticsEvent {
  event: typeof DONATION_EVENT;
  status: 'completed' | 'failed' | 'cancelled';
  payment_method: PaymentMethod;
  frequency: Frequency;
  /** What was charged or asked for, in yen (the fee-included total when ticked). */
  amount: number;
  currency: 'JPY';
  associate_id: number;
  campaign_id: number | null;
  portfolio_id: number | null;
}

export type TrackDonation = (event: DonationAnalyticsEvent) => void;

export interface DonationEventInput {
  /** A portfolio gift's target carries its portfolio (the portfolio donate page). */
  target: DonateTarget;
  paymentMethod: PaymentMethod;
  frequency: Frequency;
  amount: number;
}

export function donationEvent(input: DonationEventInput, status: DonationAnalyticsEvent['status']): DonationAnalyticsEvent {
  return {
    event: DONATION_EVENT,
    status,
    payment_method: input.paymentMethod,
    frequency: input.frequency,
    amount: input.amount,
    currency: 'JPY',
    associate_id: input.target.associate.id,
    campaign_id: input.target.campaign?.id ?? null,
    portfolio_id: input.target.portfolio?.id ?? null,
  };
}

declare global {
  interface Window {
    dataLayer?: object[];
  }
}

/** Pushes `event` onto the host's dataLayer (created when no tag manager has made it yet). */
export function pushToDataLayer(host: { dataLayer?: object[] }, event: DonationAnalyticsEvent): void {
  host.dataLayer ??= [];
  host.dataLayer.push(event);
}

/** The page's tracker: this window's dataLayer. */
export const trackOnDataLayer: TrackDonation = (event) => pushToDataLayer(window, event);

/** Analytics must never change the supporter's outcome: a throwing tracker is ignored. */
export function trackQuietly(track: TrackDonation, event: DonationAnalyticsEvent): void {
  try {
    track(event);
  } catch {
    // Nothing to do: the gift itself is unaffected.
  }
}
