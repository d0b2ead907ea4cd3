// The donation form's values as react-hook-form holds them: text as typed (full-width digits
// included), validated and normalised by the domain schemas only when a step is left or the gift
// is submitted; the domain enumerations stay the source of truth.
import type { Frequency, PaymentMethod } from '@kifu/domain/enums';

/** Frequencies the gift form offers; annual is the membership flow's own (membership/). */
export const FORM_FREQUENCIES = ['single', 'monthly'] as const satisfies readonly Frequency[];
/** Every frequency the form values can hold, the membership flow's annual included. */
export const FORM_VALUE_FREQUENCIES = [...FORM_FREQUENCIES, 'annual'] as const satisfies readonly Frequency[];
export type FormFrequency = (typeof FORM_VALUE_FREQUENCIES)[number];

/** Payment methods the form offers (wallet pay: features/donate/wallet-pay). */
export const FORM_PAYMENT_METHODS = ['creditCard', 'walletPay', 'bankTransfer'] as const satisfies readonly PaymentMethod[];
export type FormPaymentMethod = (typeof FORM_PAYMENT_METHODS)[number];

export interface ProfileFormValues {
  name: { lastName: string; firstName: string };
  nameKana: { lastNameKana: string; firstNameKana: string };
  birthday: { year: string; month: string; date: string };
  address: { postalCode: string; state: string; city: string; street: string; building: string };
  phoneNumber: string;
  /** '' (no answer) or a Gender id as text. */
  gender: string;
}

/** Card fields: held in memory only, never stored or sent anywhere but the vault. */
export interface CardFormValues {
  holder: string;
  number: string;
  expirationMonth: string;
  /** Two digits (spec §5). */
  expirationYear: string;
  cvc: string;
}

export interface DonateFormValues {
  frequency: FormFrequency;
  paymentMethod: FormPaymentMethod;
  /** As typed or picked from the presets. */
  amount: string;
  /** '' for no reward. */
  rewardId: string;
  /** A campaign's promotion code as typed; '' for none (ADR 036). */
  promotionCode: string;
  /** Annual membership: the chosen plan's id as text; '' outside the membership flow. */
  membershipPlanId: string;
  isCommissionContains: boolean;
  isAnonymous: boolean;
  needReceipt: boolean;
  needNewsLetter: boolean;
  message: string;
  /** Chosen choice ids (as text) by question, keyed `q{questionId}`. */
  survey: Record<string, string[]>;
  email: string;
  isCorporation: boolean;
  profile: ProfileFormValues;
  card: CardFormValues;
  /** A signed-in supporter pays with the saved card instead of entering one (spec §5 "card"). */
  useSavedCard: boolean;
  /** Optional sign-up at confirmation; never stored. */
  password: string;
}

export const surveyKey = (questionId: number) => `q${questionId}`;

export function emptyProfile(): ProfileFormValues {
  return {
    name: { lastName: '', firstName: '' },
    nameKana: { lastNameKana: '', firstNameKana: '' },
    birthday: { year: '', month: '', date: '' },
    address: { postalCode: '', state: '', city: '', street: '', building: '' },
    phoneNumber: '',
    gender: '',
  };
}

export function emptyCard(): CardFormValues {
  return { holder: '', number: '', expirationMonth: '', expirationYear: '', cvc: '' };
}

export function defaultFormValues(): DonateFormValues {
  return {
    frequency: 'single',
    paymentMethod: 'creditCard',
    amount: '',
    rewardId: '',
    promotionCode: '',
    membershipPlanId: '',
    isCommissionContains: false,
    isAnonymous: false,
    needReceipt: true,
    needNewsLetter: true,
    message: '',
    survey: {},
    email: '',
    isCorporation: false,
    profile: emptyProfile(),
    card: emptyCard(),
    useSavedCard: false,
    password: '',
  };
}
