// Donation readiness (spec §5 "Donation readiness"): whether the form may be submitted, and if not,
// every gap, so the form can say what is missing instead of a disabled button that explains nothing.
// The server runs the same check before it starts a payment.
import { japanDateOf, japanMidnight } from './calendar';
import { NON_DEDUCTIBLE_ASSOCIATE_IDS } from './constants';
import type { Frequency, PaymentMethod } from './enums';
import { checkAmount, isAllowedCombination } from './money';
import { cardSchema, savedCardSchema } from './schemas/card';
import { requiredEmailSchema } from './schemas/fields';
import { donorNamesSchemaFor, isProfileValid } from './schemas/user-profile';

export const DONATION_READINESS_GAPS = [
  'paymentMethod',
  'frequency',
  'amount',
  'amountOutOfRange',
  'totalAmount',
  'deductionCap',
  'deductionIncluded',
  'isAnonymous',
  'frequencyNotAllowed',
  'email',
  'profile',
  'card',
  'membershipPlanId',
  'membershipUnit',
  'membershipUnitAmount',
  'membershipOnMonth',
  'walletName',
  'walletNameKana',
  'checkoutSessionId',
  'rewardSoldOut',
] as const;
export type DonationReadinessGap = (typeof DONATION_READINESS_GAPS)[number];

export interface DonationReadinessInput {
  paymentMethod?: PaymentMethod | null;
  frequency?: Frequency | null;
  amount?: number | null;
  /** The total as the form holds it; '' means it has not been computed yet. */
  totalAmount?: number | string | null;
  deductionCap?: number | null;
  deductionIncluded?: boolean | null;
  isAnonymous?: boolean | null;
  /** Needed for the phonetic-name requirement of the profile and the wallet names (spec §9: associate 29). */
  associateId?: number | null;
  email?: string | null;
  /** The user-profile block's values, checked with the profile schema. */
  profile?: unknown;
  card?: {
    /** True when the supporter must type a card (no saved card, or they chose a new one). */
    inputRequired: boolean;
    newCard?: unknown;
    savedCard?: unknown;
  } | null;
  membership?: {
    planId?: number | null;
    unit?: string | number | null;
    unitAmount?: number | null;
    onMonth?: number | null;
  } | null;
  walletPay?: {
    lastName?: string | null;
    firstName?: string | null;
    lastNameKana?: string | null;
    firstNameKana?: string | null;
    checkoutSessionId?: string | null;
  } | null;
  /** The chosen reward, if any. */
  reward?: { soldOut: boolean } | null;
  /** The instant the new card's expiry year is judged at. */
  now: Date;
}

export interface DonationReadiness {
  ready: boolean;
  missing: DonationReadinessGap[];
}

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

export function isDonationReady(input: DonationReadinessInput): DonationReadiness {
  const missing: DonationReadinessGap[] = [];
  const gap = (name: DonationReadinessGap, when: boolean) => {
    if (when) missing.push(name);
  };
  const { paymentMethod: method, frequency, amount } = input;

  gap('paymentMethod', !isPresent(method));
  gap('frequency', !isPresent(frequency));
  gap('amount', !isPresent(amount));
  gap('totalAmount', !isPresent(input.totalAmount));
  gap('deductionCap', !isPresent(input.deductionCap));
  gap('deductionIncluded', typeof input.deductionIncluded !== 'boolean');
  gap('isAnonymous', typeof input.isAnonymous !== 'boolean');
  gap('rewardSoldOut', input.reward?.soldOut === true);

  if (method && frequency) {
    gap('frequencyNotAllowed', !isAllowedCombination(method, frequency));
    gap('amountOutOfRange', typeof amount === 'number' && !checkAmount(amount, method, frequency).ok);
  }

  const hasEmail = () => requiredEmailSchema.safeParse(input.email ?? '').success;
  const hasProfile = () => isProfileValid(input.profile, input.associateId);

  if (method === 'creditCard') {
    gap('profile', !hasProfile());
    gap('email', !hasEmail());
    const card = input.card;
    const cardOk = card?.inputRequired
      ? cardSchema(input.now).safeParse(card.newCard).success
      : savedCardSchema.safeParse(card?.savedCard).success;
    gap('card', !cardOk);
    if (frequency === 'annual') {
      const membership = input.membership;
      gap('membershipPlanId', !isPresent(membership?.planId));
      gap('membershipUnit', !isPresent(membership?.unit));
      gap('membershipUnitAmount', !isPresent(membership?.unitAmount));
      gap('membershipOnMonth', !isPresent(membership?.onMonth));
    }
  } else if (method === 'bankTransfer') {
    gap('profile', !hasProfile());
    gap('email', !hasEmail());
  } else if (method === 'walletPay') {
    // The provider supplies the buyer's email and address; only the names are ours to ask for.
    const wallet = input.walletPay;
    // The names under the profile's own rules, the phonetic-name requirement of the associate included.
    const names = donorNamesSchemaFor(input.associateId).safeParse({
      name: { lastName: wallet?.lastName ?? '', firstName: wallet?.firstName ?? '' },
      nameKana: { lastNameKana: wallet?.lastNameKana ?? '', firstNameKana: wallet?.firstNameKana ?? '' },
    });
    const failed = names.success ? [] : names.error.issues.map((issue) => issue.path[0]);
    gap('walletName', failed.includes('name'));
    gap('walletNameKana', failed.includes('nameKana'));
    gap('checkoutSessionId', !isPresent(wallet?.checkoutSessionId));
  }

  return { ready: missing.length === 0, missing };
}

/**
 * The next automatic membership payment (spec §9): day 1 of `onMonth`, this year while the current
 * month in Japan is before it, otherwise next year. Returned as the instant that day starts in Japan.
 */
export function nextMembershipSettlementDate(now: Date, onMonth: number): Date {
  if (!Number.isInteger(onMonth) || onMonth < 1 || onMonth > 12) throw new RangeError(`onMonth must be 1–12, got ${onMonth}`);
  const today = japanDateOf(now);
  const year = today.month < onMonth ? today.year : today.year + 1;
  return japanMidnight({ year, month: onMonth, day: 1 });
}

/** Whether gifts to this associate are tax-deductible (spec §9 lists the exceptions). */
export function isDeductible(associateId: number): boolean {
  return !NON_DEDUCTIBLE_ASSOCIATE_IDS.includes(associateId);
}
