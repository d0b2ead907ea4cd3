// The types every part of a submission shares (submit-donation.ts runs them in order): what the
// page injects (every dependency with a side effect, so the flow is unit-tested without a browser),
// what one attempt is given and how it ends, and what a payment method's step is handed.
import type { SuspiciousAddressReason } from '@kifu/domain/address';
import type { Locale } from '@kifu/domain/enums';
import type { LookUpPostalTown } from '../address/address-check';
import type { CardToken } from '../card/card-vault';
import type { DonateApi } from '../donate-api';
import type { DonateStep } from '../steps/donate-steps';
import type { DonateTarget } from '../donate-target';
import type { Contribution, PendingDonation } from '../form/persisted-form-store';
import type { DonateFormValues, FormPaymentMethod } from '../form/field-values';
import type { SupporterFlowDeps } from '../supporter/signed-in-flow';
import type { SignedInSupporter } from '../supporter/signed-in-supporter';
import type { WalletApi } from '../wallet-pay/wallet-api';
import type { WalletCheckout } from '../wallet-pay/wallet-donation';
import type { BuiltDonation } from './build-request';
import type { TrackDonation } from './donation-analytics';
import type { Feedback } from './donation-feedback';
import type { FailureContext } from './failure-messages';

export interface FlowDeps {
  api: DonateApi;
  feedback(feedback: Feedback): void;
  /** The payment method's name in the page's language, for the amount-limit message. */
  methodLabel(method: FormPaymentMethod): string;
  sleep(ms: number): Promise<void>;
  /** The analytics event of spec §4 step 7 (donation-analytics.ts: the page's dataLayer). */
  track: TrackDonation;
}

export interface SubmitDeps extends FlowDeps, Partial<SupporterFlowDeps> {
  tokeniseCard(values: DonateFormValues): Promise<CardToken>;
  /** null when no bot-check site key is configured (spec §4 step 5). */
  botCheckToken: (() => Promise<string>) | null;
  confirmAddress(reasons: SuspiciousAddressReason[]): Promise<boolean>;
  /** The postal lookup's town for a code, so a block number alone after a looked-up town is not flagged. */
  lookUpPostalTown?: LookUpPostalTown;
  confirmDuplicate(): Promise<boolean>;
  newIdempotencyKey(): string;
  /** Keeps the form state and the pending gift in client storage before the page leaves. */
  rememberPending(pending: PendingDonation): void;
  redirect(url: string): void;
  /** Keeps a new session (spec §9: the user_token cookie); called right after the sign-up's login. */
  storeSession(session: { accessToken: string; expiresIn: number; email: string }): Promise<void>;
  /** The wallet pay calls; needed only where wallet gifts are started (the review page). */
  walletApi?: WalletApi;
}

export interface SubmitInput {
  values: DonateFormValues;
  target: DonateTarget;
  locale: Locale;
  now: Date;
  /** The donate page's own absolute URL: where 3-D Secure comes back to. */
  clientUri: string;
  /** The token of a supporter signed in on this page (by an earlier attempt's sign-up), if any. */
  accessToken?: string | null;
  /** The supporter signed in by the session cookie, if any (their calls carry the cookie). */
  supporter?: SignedInSupporter | null;
  /** A wallet pay gift on its review page: the checkout and the names and email it gives under. */
  wallet?: WalletCheckout;
}

/** Present on an outcome when this attempt signed the supporter up (even if the gift then failed). */
interface SignedUp {
  accessToken?: string;
}

export type SubmitOutcome =
  | { status: 'cancelled'; message: string }
  | ({ status: 'failed'; message: string; step?: DonateStep } & SignedUp)
  | ({ status: 'redirected'; donationId: number } & SignedUp)
  | ({ status: 'paid'; contribution: Contribution } & SignedUp);

/** Ends an attempt early with its outcome; submitDonation turns it into the answer. */
export class FlowStop extends Error {
  constructor(readonly outcome: Extract<SubmitOutcome, { status: 'cancelled' | 'failed' }>) {
    super(outcome.message);
  }
}

export const fail = (message: string, step?: DonateStep) => new FlowStop({ status: 'failed', message, step });

/** How a payment method's step ends when the gift was started. */
export type StartedOutcome = Extract<SubmitOutcome, { status: 'redirected' | 'paid' }>;

/** What a payment method's step (pay-by-*.ts) is handed once the shared steps have passed. */
export interface MethodStep {
  input: SubmitInput;
  deps: SubmitDeps;
  built: BuiltDonation;
  recaptchaToken: string | undefined;
  /** The step-4 answer: whether recurring support moves to the new card (undefined: none to move). */
  moveRecurring: boolean | undefined;
  /** The token the gift is started with; signs the guest up first when a password was entered. */
  session(): Promise<string | undefined>;
  /** Spec §4: after a successful start, a signed-in supporter's profile follows what was entered. */
  afterStart(): Promise<void>;
  /** Runs a money-moving call with a fresh Idempotency-Key (retried with the same key); a failure stops the attempt with its message. */
  call<T>(request: (key: string) => Promise<T>): Promise<T>;
  failureContext: FailureContext;
}
