// Spec §4 step 1 and §5 "Donation readiness": an email first, then every other gap, each sent
// back to the step where it is fixed; and the request parts the later steps send.
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import { READINESS_GAP_MESSAGES } from '@kifu/domain/catalogue/form-messages';
import { isDonationReady, type DonationReadinessGap } from '@kifu/domain/donation-readiness';
import { requiredEmailSchema } from '@kifu/domain/schemas/fields';
import type { DonateStep } from '../steps/donate-steps';
import { effectiveLimits, selectedReward } from '../form/step-validation';
import { membershipReadinessOf } from '../membership/membership-plans';
import { savedCardInUse } from '../supporter/signed-in-flow';
import { walletDonation, walletReadiness } from '../wallet-pay/wallet-donation';
import { buildDonation, type BuiltDonation } from './build-request';
import { fail, type SubmitInput } from './submit-types';

/** Where a readiness gap is fixed. */
const GAP_STEP: Partial<Record<DonationReadinessGap, DonateStep>> = {
  email: 'info',
  profile: 'info',
  card: 'info',
};

/** The request parts; a wallet gift gives under its names and the buyer's email. Throws like buildDonation. */
export function builtOf(input: SubmitInput): BuiltDonation {
  return input.wallet
    ? walletDonation(input.values, input.target, input.locale, input.wallet)
    : buildDonation(input.values, input.target, input.locale);
}

export function checkReadiness(input: SubmitInput): void {
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
  return saved
    ? { inputRequired: false, savedCard: { name: saved.name, lastDigits: saved.lastDigits, customerCode: saved.customerCode } }
    : { inputRequired: true, newCard: values.card };
}
