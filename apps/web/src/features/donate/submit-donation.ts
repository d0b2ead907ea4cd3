// The client donation flow of spec §4 ("Donation flow", "Card path for a guest"), in order:
// readiness and email → suspicious-address confirmation → duplicate check → bot check → by method
// (card: tokenise at the vault → guest customer → start the gift → 3-D Secure; bank transfer:
// virtual account; wallet pay, from its review page: the update call → the provider's approval). Every dependency with a side effect is injected, so the order, the cancel
// paths and the one-at-a-time rule are unit-tested without a browser.
//
// With a password entered at confirmation the guest signs up first (spec §4 "Card path for a
// guest", §4 Authentication 6: signup, then login with the same email and password), the session
// is stored, the card is registered on the new user (/payment/credit) and the gift is started
// with the user's token and card customer. A supporter already signed in on this page (an earlier
// attempt signed up) registers the card on the user the same way.
//
// A supporter signed in before coming here (the session cookie; signed-in-supporter.ts) may pay
// with the saved card (no tokenisation); with a new card while recurring support runs on the saved
// one, step 4 asks whether to move it (signed-in-flow.ts); after the start their private profile
// follows what was entered. An annual membership is a card gift of frequency annual with the plan
// (membership/). Wallet pay is the `walletPay` branch, its own parts in wallet-pay/wallet-donation.ts.
import { ACCOUNT_ERRORS, loginErrorKey, matchSignupFieldError } from '@kifu/domain/catalogue/account-errors';
import type { SuspiciousAddressReason } from '@kifu/domain/address';
import { matchAmountLimitError, amountAboveMaxMessage, amountBelowMinMessage } from '@kifu/domain/catalogue/amount-messages';
import { CARD_CHECK } from '@kifu/domain/catalogue/card-check';
import { DONATION_ERRORS, matchDonationError } from '@kifu/domain/catalogue/donation-errors';
import { READINESS_GAP_MESSAGES } from '@kifu/domain/catalogue/form-messages';
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import { isDonationReady, type DonationReadinessGap } from '@kifu/domain/donation-readiness';
import { frequencyCode, paymentMethodIdOf, type Locale } from '@kifu/domain/enums';
import { requiredEmailSchema } from '@kifu/domain/schemas/fields';
import { ApiError, NetworkError } from '@/lib/api-client';
import { addressReasonsToConfirm, type LookUpPostalTown } from './address-check';
import { bankTransferRequest, buildDonation, cardRequest, privateProfileOf, type BuiltDonation } from './build-request';
import { VaultError, type CardToken } from './card-vault';
import type { DonateApi, SubmissionLog } from './donate-api';
import { withRetry } from './donate-api';
import type { DonateStep } from './donate-steps';
import type { DonateTarget } from './donate-target';
import { donationEvent, trackQuietly, type TrackDonation } from './donation-analytics';
import type { Feedback } from './donation-feedback';
import type { Contribution, PendingDonation } from './donation-form-store';
import { effectiveLimits, selectedReward } from './form-schemas';
import { serialiseFormState } from './form-state';
import type { DonateFormValues, FormPaymentMethod } from './form-values';
import { membershipReadinessOf } from './membership/membership-plans';
import { pollDonationStatus, StatusUnconfirmedError } from './poll-donation-status';
import { askCardSwitch, savedCardInUse, updateProfileQuietly, type SupporterFlowDeps } from './signed-in-flow';
import type { SignedInSupporter } from './signed-in-supporter';
import { asWalletFrequency, type WalletApi } from './wallet-pay/wallet-api';
import { walletDonation, walletDonationRequest, walletReadiness, type WalletCheckout } from './wallet-pay/wallet-donation';
import { walletFormStateOf } from './wallet-pay/wallet-state';

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
  storeSession(session: { accessToken: string; expiresIn: number }): Promise<void>;
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

class FlowStop extends Error {
  constructor(readonly outcome: Extract<SubmitOutcome, { status: 'cancelled' | 'failed' }>) {
    super(outcome.message);
  }
}

const fail = (message: string, step?: DonateStep) => new FlowStop({ status: 'failed', message, step });

/** Where a readiness gap is fixed. */
const GAP_STEP: Partial<Record<DonationReadinessGap, DonateStep>> = {
  email: 'info',
  profile: 'info',
  card: 'info',
};

/** Form-state writes to the server are a backup of client storage: never hold the redirect long. */
const FORM_STATE_SAVE_TIMEOUT_MS = 3_000;

/** The supporter's message for a failed call (spec §8 "Donation"). */
export function donationFailureMessage(error: unknown, context: { locale: Locale; method: FormPaymentMethod; target: DonateTarget; values: DonateFormValues; methodLabel(method: FormPaymentMethod): string }): string {
  const { locale } = context;
  if (error instanceof ApiError) return messageForDetail(error.detail, context);
  if (error instanceof VaultError) {
    const key = matchDonationError(error.detail);
    return key === 'generic' ? CARD_CHECK.authorizeError[locale] : DONATION_ERRORS[key][locale];
  }
  return DONATION_ERRORS.notResponding[locale];
}

export function messageForDetail(detail: string, context: { locale: Locale; method: FormPaymentMethod; target: DonateTarget; values: DonateFormValues; methodLabel(method: FormPaymentMethod): string }): string {
  const { locale, method } = context;
  const limit = matchAmountLimitError(detail);
  if (limit) {
    const { min, max } = effectiveLimits(context.target, context.values);
    return limit === 'above_max' ? amountAboveMaxMessage(context.methodLabel(method), max, locale) : amountBelowMinMessage(min, locale);
  }
  const key = matchDonationError(detail);
  if (key === 'generic' && method === 'bankTransfer') return DONATION_ERRORS.bankAccountIssue[locale];
  return DONATION_ERRORS[key][locale];
}

/** The request parts; a wallet gift gives under its names and the buyer's email. Throws like buildDonation. */
function builtOf(input: SubmitInput): BuiltDonation {
  return input.wallet ? walletDonation(input.values, input.target, input.locale, input.wallet) : buildDonation(input.values, input.target, input.locale);
}

function checkReadiness(input: SubmitInput): void {
  const { values, target, locale, now } = input;
  const emailValue = input.wallet ? input.wallet.buyerEmail : values.email;
  const email = requiredEmailSchema.safeParse(emailValue);
  // Spec §4 step 1: an email first (for wallet pay, the buyer's), whatever else is missing.
  if (!email.success) throw fail(DONATION_ERRORS.emailRequired[locale], 'info');
  let built: BuiltDonation | undefined;
  try {
    built = builtOf(input);
  } catch {
    built = undefined;
  }
  const readiness = isDonationReady({
    paymentMethod: values.paymentMethod,
    frequency: values.frequency,
    amount: built?.amount ?? null,
    totalAmount: built?.total ?? '',
    // The spec names these readiness inputs without defining them; this form has no deduction
    // simulator, so they carry the amount's cap and the fee-included choice (reported to the lead).
    deductionCap: effectiveLimits(target, values).max,
    deductionIncluded: values.isCommissionContains,
    isAnonymous: values.isAnonymous,
    associateId: target.associate.id,
    email: emailValue,
    profile: values.profile,
    card: values.paymentMethod === 'creditCard' ? cardReadiness(input) : null,
    walletPay: walletReadiness(input.wallet),
    reward: selectedReward(target, values.rewardId) ? { soldOut: selectedReward(target, values.rewardId)!.sold_out } : null,
    membership: membershipReadinessOf(target, values),
    now,
  });
  const gap = readiness.missing[0];
  if (gap) throw fail(READINESS_GAP_MESSAGES[gap][locale], GAP_STEP[gap] ?? 'amount');
  if (!built) throw fail(READINESS_GAP_MESSAGES.profile[locale], 'info');
}

/** Spec §5 "card": a new card if card input is required, otherwise a saved one. */
function cardReadiness({ values, supporter }: SubmitInput) {
  const saved = savedCardInUse(values, supporter);
  return saved ? { inputRequired: false, savedCard: { name: saved.name, lastDigits: saved.lastDigits, customerCode: saved.customerCode } } : { inputRequired: true, newCard: values.card };
}

interface OutcomeReport {
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
function reportOutcome(deps: FlowDeps, report: OutcomeReport, outcome: { status: 'completed' | 'failed' | 'cancelled'; message: string }): void {
  deps.feedback({ kind: outcome.status === 'failed' ? 'error' : outcome.status, message: outcome.message });
  sendLog(deps.api, submissionLog(report, outcome.status === 'completed', outcome.status === 'completed' ? '' : outcome.message));
  trackQuietly(deps.track, donationEvent(report, outcome.status));
}

/** Fire and forget: a log that cannot be written must not change the supporter's outcome. */
function sendLog(api: DonateApi, log: SubmissionLog): void {
  api.logSubmission(log).catch(() => undefined);
}

async function saveFormStateQuietly(api: DonateApi, donationId: number, formState: string, statusToken: string | null, sleep: (ms: number) => Promise<void>) {
  await Promise.race([api.saveFormState(donationId, formState, statusToken).catch(() => undefined), sleep(FORM_STATE_SAVE_TIMEOUT_MS)]);
}

async function runFlow(input: SubmitInput, deps: SubmitDeps): Promise<SubmitOutcome> {
  const { values, target, locale } = input;
  checkReadiness(input);
  const built = builtOf(input);

  // 2. A suspicious address must be confirmed (not for wallet pay, whose address comes from the provider).
  const reasons = values.paymentMethod === 'walletPay' ? [] : await addressReasonsToConfirm(values.profile.address, deps.lookUpPostalTown);
  if (reasons.length > 0 && !(await deps.confirmAddress(reasons))) throw new FlowStop({ status: 'cancelled', message: NOTICES.cancelled[locale] });

  // 3. The same organisation in the last 10 minutes: ask before giving again.
  let duplication: { possible_duplication: boolean };
  try {
    duplication = await deps.api.checkDuplication({ ...(target.portfolio ? { portfolio_id: target.portfolio.id } : { associate_id: target.associate.id }), email: built.email });
  } catch {
    throw fail(DONATION_ERRORS.duplicateCheck[locale]);
  }
  if (duplication.possible_duplication && !(await deps.confirmDuplicate())) throw new FlowStop({ status: 'cancelled', message: NOTICES.cancelled[locale] });

  // 4. A new card while recurring support runs on the saved one: move that support to it? (Either answer gives.)
  let moveRecurring: boolean | undefined;
  try {
    moveRecurring = await askCardSwitch(values, input.supporter, deps);
  } catch {
    throw fail(ACCOUNT_ERRORS.recurringStatus[locale], 'info');
  }

  // 5. Bot check.
  let recaptchaToken: string | undefined;
  if (deps.botCheckToken) {
    try {
      recaptchaToken = await deps.botCheckToken();
    } catch {
      throw fail(DONATION_ERRORS.botCheck[locale]);
    }
  }

  return runMethod(input, deps, built, recaptchaToken, moveRecurring);
}

/** The sign-up's message for a failed call (spec §8 "Account"). */
export function signupFailureMessage(error: unknown, locale: Locale): string {
  if (error instanceof ApiError) return ACCOUNT_ERRORS[matchSignupFieldError(error.detail).key][locale];
  if (error instanceof NetworkError) return ACCOUNT_ERRORS.network[locale];
  return ACCOUNT_ERRORS.signupUnknown[locale];
}

/**
 * Spec §4 Authentication 6: sign up (the profile as private_profile, an empty avatar), then log in
 * with the same email and password, and keep the session. Not retried: a repeated sign-up would
 * only meet its own account ('This E-Mail is already used.').
 */
async function signUp(input: SubmitInput, deps: SubmitDeps, built: BuiltDonation): Promise<string> {
  const { values, locale } = input;
  try {
    await deps.api.signup({ email: built.email, password: values.password, private_profile: privateProfileOf(built.base.donor), avatar_image: { file: null } });
  } catch (error) {
    throw fail(signupFailureMessage(error, locale));
  }
  let accessToken: string;
  let expiresIn: number;
  try {
    const login = await deps.api.login({ username: built.email, password: values.password });
    accessToken = login.access_token;
    expiresIn = login.expires_in;
  } catch (error) {
    const key = error instanceof ApiError ? loginErrorKey(error.detail.startsWith('invalid_grant') ? 'invalid_grant' : undefined) : 'loginFailed';
    throw fail(error instanceof NetworkError ? ACCOUNT_ERRORS.network[locale] : ACCOUNT_ERRORS[key][locale]);
  }
  try {
    await deps.storeSession({ accessToken, expiresIn });
  } catch {
    // The gift itself goes on with the token; only staying signed in after it is lost.
  }
  return accessToken;
}

/** The card refused on the user: the card wording of the catalogue, else 'Failed to update credit card information.' */
function cardUpdateFailureMessage(error: unknown, locale: Locale): string {
  if (error instanceof ApiError) {
    const key = matchDonationError(error.detail);
    if (key !== 'generic') return DONATION_ERRORS[key][locale];
  }
  if (error instanceof NetworkError) return DONATION_ERRORS.notResponding[locale];
  return ACCOUNT_ERRORS.cardUpdate[locale];
}

async function runMethod(input: SubmitInput, deps: SubmitDeps, built: BuiltDonation, recaptchaToken: string | undefined, moveRecurring: boolean | undefined): Promise<SubmitOutcome> {
  let signedUpToken: string | undefined;
  try {
    const outcome = await runMethodSteps(input, deps, built, { recaptchaToken, moveRecurring }, (token) => {
      signedUpToken = token;
    });
    return signedUpToken ? { ...outcome, accessToken: signedUpToken } : outcome;
  } catch (error) {
    if (signedUpToken && error instanceof FlowStop && error.outcome.status === 'failed') throw new FlowStop({ ...error.outcome, accessToken: signedUpToken });
    throw error;
  }
}

async function runMethodSteps(
  input: SubmitInput,
  deps: SubmitDeps,
  built: BuiltDonation,
  { recaptchaToken, moveRecurring }: { recaptchaToken: string | undefined; moveRecurring: boolean | undefined },
  onSignedUp: (accessToken: string) => void,
): Promise<Extract<SubmitOutcome, { status: 'redirected' | 'paid' }>> {
  const { values, locale, supporter } = input;
  const wantsSignup = !input.accessToken && !supporter && values.password !== '';
  /** Spec §4: after a successful start, a signed-in supporter's profile follows what was entered. */
  const afterStart = () => (supporter ? updateProfileQuietly(supporter, privateProfileOf(built.base.donor), deps) : Promise.resolve());
  const session = async (): Promise<string | undefined> => {
    if (input.accessToken) return input.accessToken;
    if (!wantsSignup) return undefined;
    const token = await signUp(input, deps, built);
    onSignedUp(token);
    return token;
  };
  const failureContext = { locale, method: values.paymentMethod, target: input.target, values, methodLabel: deps.methodLabel };
  const call = async <T>(request: (key: string) => Promise<T>): Promise<T> => {
    const key = deps.newIdempotencyKey();
    try {
      return await withRetry(() => request(key), deps.sleep);
    } catch (error) {
      throw fail(donationFailureMessage(error, failureContext));
    }
  };

  if (values.paymentMethod === 'walletPay') {
    // Spec §4 step 6: the update call answers the provider's page where the buyer approves the amount.
    const { walletApi } = deps;
    if (!input.wallet || !walletApi) throw fail(READINESS_GAP_MESSAGES.checkoutSessionId[locale]);
    deps.feedback({ kind: 'loading', message: NOTICES.processing[locale] });
    const state = walletFormStateOf(input.target, values, { names: input.wallet.names, buyerEmail: built.email });
    const body = walletDonationRequest(built.base, input.wallet, { recaptchaToken, state });
    const response = await call((key) => walletApi.startDonation(asWalletFrequency(values.frequency), body, key, input.accessToken ?? undefined));
    deps.rememberPending({ donationId: response.id, statusToken: response.status_token ?? null, paymentMethod: 'walletPay', frequency: values.frequency, amount: built.total, email: built.email });
    deps.redirect(response.wallet_pay.redirect_url);
    return { status: 'redirected', donationId: response.id };
  }

  if (values.paymentMethod === 'bankTransfer') {
    deps.feedback({ kind: 'loading', message: NOTICES.processing[locale] });
    const accessToken = await session();
    const response = await call((key) => deps.api.createBankTransferDonation(bankTransferRequest(built.base, { recaptchaToken }), key, accessToken));
    await afterStart();
    return {
      status: 'paid',
      contribution: {
        donationId: response.donation.id,
        paymentMethod: 'bankTransfer',
        frequency: values.frequency,
        amount: response.virtual_account.amount,
        email: built.email,
        virtualAccount: response.virtual_account,
        statusToken: response.status_token ?? null,
        messageId: response.donation.donation_message?.id ?? null,
      },
    };
  }

  deps.feedback({ kind: 'loading', message: CARD_CHECK.authorizing[locale] });
  const savedCard = savedCardInUse(values, supporter);
  let token: CardToken | undefined;
  if (!savedCard) {
    try {
      token = await deps.tokeniseCard(values);
    } catch (error) {
      throw fail(donationFailureMessage(error, failureContext), 'info');
    }
  }
  deps.feedback({ kind: 'loading', message: NOTICES.processing[locale] });
  const accessToken = await session();
  let customerId: string;
  let customerHandle: string | undefined;
  if (savedCard) {
    // The saved card: no tokenisation; the user's customer pays (the API checks it is theirs).
    customerId = savedCard.customerCode;
  } else if (accessToken || supporter) {
    // Spec §4: a signed-in supporter's card is registered on the user; its customer pays. The
    // step-4 answer says whether their recurring support moves to it (undefined: none to move).
    try {
      customerId = (await deps.api.registerUserCard({ token: token!.id, ...(moveRecurring === undefined ? {} : { move_recurring: moveRecurring }) }, accessToken)).customer_code;
    } catch (error) {
      throw fail(cardUpdateFailureMessage(error, locale), 'info');
    }
  } else {
    ({ customer_id: customerId, customer_handle: customerHandle } = await call((key) => deps.api.createGuestCustomer({ token: token!.id, email: built.email }, key)));
  }
  const formState = serialiseFormState(values);
  const request = cardRequest(built.base, { customerId, customerHandle, clientUri: input.clientUri, recaptchaToken, formState });
  let donationId: number;
  let authorizeUri: string;
  let statusToken: string | null;
  let messageId: number | null;
  if (values.frequency !== 'single') {
    const response = await call((key) =>
      values.frequency === 'annual'
        ? deps.api.createAnnualCardDonation({ ...request, membership_plan_id: Number(values.membershipPlanId) }, key, accessToken)
        : deps.api.createRecurringCardDonation(request, key, accessToken),
    );
    const first = response.recurring_donation.donations[0];
    if (!first) throw fail(DONATION_ERRORS.generic[locale]);
    donationId = first.id;
    authorizeUri = response.authorize_uri;
    statusToken = response.status_token ?? null;
    messageId = first.donation_message?.id ?? null;
  } else {
    const response = await call((key) => deps.api.createCardDonation(request, key, accessToken));
    donationId = response.donation.id;
    authorizeUri = response.authorize_uri;
    statusToken = response.status_token ?? null;
    messageId = response.donation.donation_message?.id ?? null;
  }
  deps.rememberPending({ donationId, statusToken, paymentMethod: 'creditCard', frequency: values.frequency, amount: built.total, email: built.email, messageId });
  await saveFormStateQuietly(deps.api, donationId, formState, statusToken, deps.sleep);
  await afterStart();
  deps.redirect(authorizeUri);
  return { status: 'redirected', donationId };
}

/**
 * One submission attempt, start to finish: the outcome is shown (spec §4 toasts) and logged
 * (spec §3 submission log). A card gift that went to 3-D Secure is shown and logged when it is
 * settled on return (`settleCardDonation`).
 */
export async function submitDonation(input: SubmitInput, deps: SubmitDeps): Promise<SubmitOutcome> {
  let outcome: SubmitOutcome;
  try {
    outcome = await runFlow(input, deps);
  } catch (error) {
    if (!(error instanceof FlowStop)) throw error;
    outcome = error.outcome;
  }
  let amount = 0;
  try {
    amount = builtOf(input).total;
  } catch {
    amount = 0;
  }
  const report: OutcomeReport = {
    target: input.target,
    paymentMethod: input.values.paymentMethod,
    frequency: input.values.frequency,
    email: input.wallet?.buyerEmail ?? input.values.email,
    amount,
    userId: input.supporter?.id ?? null,
  };
  switch (outcome.status) {
    case 'cancelled':
    case 'failed':
      reportOutcome(deps, report, outcome);
      break;
    case 'paid':
      reportOutcome(deps, { ...report, amount: outcome.contribution.amount }, { status: 'completed', message: NOTICES.completed[input.locale] });
      break;
    case 'redirected':
      break;
  }
  return outcome;
}

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
    const status = await pollDonationStatus(() => deps.api.getStatus(pending.donationId, pending.statusToken), { sleep: deps.sleep, now: deps.now });
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
        : { status: 'failed', message: messageForDetail(status.detail ?? '', { locale, method: pending.paymentMethod, target: input.target, values: input.values, methodLabel: deps.methodLabel }) };
  } catch (error) {
    if (!(error instanceof StatusUnconfirmedError)) throw error;
    outcome = { status: 'failed', message: DONATION_ERRORS.statusUnconfirmed[locale] };
  }
  reportSettlement(input, deps, outcome);
  return outcome;
}

/** A gift settled after the supporter came back (3-D Secure, wallet pay): show and log the outcome. */
export function reportSettlement(input: SettleInput, deps: FlowDeps, outcome: SettleOutcome): void {
  const { pending, locale } = input;
  const report: OutcomeReport = { target: input.target, paymentMethod: pending.paymentMethod, frequency: pending.frequency, email: pending.email, amount: pending.amount, userId: input.userId ?? null };
  reportOutcome(deps, report, outcome.status === 'paid' ? { status: 'completed', message: NOTICES.completed[locale] } : outcome);
}

/**
 * Spec §4: one submission at a time. A submission while another runs is dropped, not queued
 * behind it: a second queued gift is exactly the double charge the rule is there to prevent.
 */
export function createSubmissionQueue() {
  let running = false;
  return {
    get busy() {
      return running;
    },
    async run<T>(task: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
      if (running) return { ran: false };
      running = true;
      try {
        return { ran: true, value: await task() };
      } finally {
        running = false;
      }
    },
  };
}
