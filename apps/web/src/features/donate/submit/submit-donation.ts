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
// A supporter signed in before coming here (the session cookie; supporter/signed-in-supporter.ts) may pay
// with the saved card (no tokenisation); with a new card while recurring support runs on the saved
// one, step 4 asks whether to move it (supporter/signed-in-flow.ts); after the start their private profile
// follows what was entered. An annual membership is a card gift of frequency annual with the plan
// (membership/). Each payment method is its own step (pay-by-card.ts, pay-by-bank-transfer.ts, pay-by-wallet.ts;
// wallet pay's parts in wallet-pay/wallet-donation.ts).
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import { addressReasonsToConfirm } from '../address/address-check';
import { withRetry } from '../donate-api';
import { askCardSwitch, updateProfileQuietly } from '../supporter/signed-in-flow';
import { privateProfileOf, type BuiltDonation } from './build-request';
import { donationFailureMessage } from './failure-messages';
import { reportOutcome, type OutcomeReport } from './outcome-report';
import { payByBankTransfer } from './pay-by-bank-transfer';
import { payByCard } from './pay-by-card';
import { payByWallet } from './pay-by-wallet';
import { builtOf, checkReadiness } from './readiness';
import { botCheckTokenOf, signUp } from './sign-up';
import {
  fail,
  FlowStop,
  type MethodStep,
  type StartedOutcome,
  type SubmitDeps,
  type SubmitInput,
  type SubmitOutcome,
} from './submit-types';

async function runFlow(input: SubmitInput, deps: SubmitDeps): Promise<SubmitOutcome> {
  const { values, target, locale } = input;
  checkReadiness(input);
  const built = builtOf(input);

  // 2. A suspicious address must be confirmed (not for wallet pay, whose address comes from the provider).
  const reasons = values.paymentMethod === 'walletPay' ? [] : await addressReasonsToConfirm(values.profile.address, deps.lookUpPostalTown);
  if (reasons.length > 0 && !(await deps.confirmAddress(reasons)))
    throw new FlowStop({ status: 'cancelled', message: NOTICES.cancelled[locale] });

  // 3. The same organisation in the last 10 minutes: ask before giving again.
  let duplication: { possible_duplication: boolean };
  try {
    duplication = await deps.api.checkDuplication({
      ...(target.portfolio ? { portfolio_id: target.portfolio.id } : { associate_id: target.associate.id }),
      email: built.email,
    });
  } catch {
    throw fail(DONATION_ERRORS.duplicateCheck[locale]);
  }
  if (duplication.possible_duplication && !(await deps.confirmDuplicate()))
    throw new FlowStop({ status: 'cancelled', message: NOTICES.cancelled[locale] });

  // 4. A new card while recurring support runs on the saved one: move that support to it? (Either answer gives.)
  let moveRecurring: boolean | undefined;
  try {
    moveRecurring = await askCardSwitch(values, input.supporter, deps);
  } catch {
    throw fail(ACCOUNT_ERRORS.recurringStatus[locale], 'info');
  }

  // 5. Bot check.
  const recaptchaToken = await botCheckTokenOf(deps, locale);

  return runMethod(input, deps, built, recaptchaToken, moveRecurring);
}

async function runMethod(
  input: SubmitInput,
  deps: SubmitDeps,
  built: BuiltDonation,
  recaptchaToken: string | undefined,
  moveRecurring: boolean | undefined,
): Promise<SubmitOutcome> {
  const { values, locale, supporter } = input;
  let signedUpToken: string | undefined;
  const wantsSignup = !input.accessToken && !supporter && values.password !== '';
  const failureContext = { locale, method: values.paymentMethod, target: input.target, values, methodLabel: deps.methodLabel };
  const step: MethodStep = {
    input,
    deps,
    built,
    recaptchaToken,
    moveRecurring,
    failureContext,
    session: async () => {
      if (input.accessToken) return input.accessToken;
      if (!wantsSignup) return undefined;
      signedUpToken = await signUp(input, deps, built);
      return signedUpToken;
    },
    afterStart: () => (supporter ? updateProfileQuietly(supporter, privateProfileOf(built.base.donor), deps) : Promise.resolve()),
    call: async (request) => {
      const key = deps.newIdempotencyKey();
      try {
        return await withRetry(() => request(key), deps.sleep);
      } catch (error) {
        throw fail(donationFailureMessage(error, failureContext));
      }
    },
  };
  try {
    const outcome = await runMethodSteps(step);
    return signedUpToken ? { ...outcome, accessToken: signedUpToken } : outcome;
  } catch (error) {
    // A gift that failed after the sign-up still leaves the supporter signed in: a retry must not sign up again.
    if (signedUpToken && error instanceof FlowStop && error.outcome.status === 'failed')
      throw new FlowStop({ ...error.outcome, accessToken: signedUpToken });
    throw error;
  }
}

function runMethodSteps(step: MethodStep): Promise<StartedOutcome> {
  switch (step.input.values.paymentMethod) {
    case 'walletPay':
      return payByWallet(step);
    case 'bankTransfer':
      return payByBankTransfer(step);
    case 'creditCard':
      return payByCard(step);
  }
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
      reportOutcome(
        deps,
        { ...report, amount: outcome.contribution.amount },
        { status: 'completed', message: NOTICES.completed[input.locale] },
      );
      break;
    case 'redirected':
      break;
  }
  return outcome;
}
