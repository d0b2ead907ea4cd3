// Between the form's values and the stored form state (spec §3): which parts go where, and the
// opaque `form_state` string the server keeps with a card gift so the form can be restored after
// 3-D Secure even where client storage was lost. Card data and the password are left out of both.
import { z } from 'zod';
import type { EntryData } from './persisted-form-store';
import {
  defaultFormValues,
  emptyCard,
  emptyProfile,
  FORM_PAYMENT_METHODS,
  FORM_VALUE_FREQUENCIES,
  type DonateFormValues,
} from './field-values';

export function entryDataFromValues(values: DonateFormValues): EntryData {
  return {
    option: {
      frequency: values.frequency,
      paymentMethod: values.paymentMethod,
      rewardId: values.rewardId,
      isCommissionContains: values.isCommissionContains,
      isAnonymous: values.isAnonymous,
      needReceipt: values.needReceipt,
      needNewsLetter: values.needNewsLetter,
    },
    amount: { amount: values.amount, promotionCode: values.promotionCode },
    // Spec §5: non-annual frequencies clear the membership plan fields.
    membership: values.frequency === 'annual' ? { planId: values.membershipPlanId } : undefined,
    userProfile: { email: values.email, isCorporation: values.isCorporation, profile: values.profile },
    creditCard: { useSavedCard: values.useSavedCard },
    confirmation: { message: values.message, survey: values.survey },
  };
}

/** The form's values from a stored entry; parts the entry lacks keep their defaults, the card stays empty. */
export function valuesFromEntry(entry: EntryData): DonateFormValues {
  const defaults = defaultFormValues();
  return {
    ...defaults,
    ...(entry.option ?? {}),
    amount: entry.amount?.amount ?? defaults.amount,
    promotionCode: entry.amount?.promotionCode ?? defaults.promotionCode,
    membershipPlanId:
      entry.option?.frequency === 'annual' ? (entry.membership?.planId ?? defaults.membershipPlanId) : defaults.membershipPlanId,
    email: entry.userProfile?.email ?? defaults.email,
    isCorporation: entry.userProfile?.isCorporation ?? defaults.isCorporation,
    profile: mergeProfile(entry.userProfile?.profile),
    message: entry.confirmation?.message ?? defaults.message,
    survey: entry.confirmation?.survey ?? defaults.survey,
    card: emptyCard(),
    useSavedCard: entry.creditCard?.useSavedCard ?? defaults.useSavedCard,
    password: '',
  };
}

function mergeProfile(stored: Partial<DonateFormValues['profile']> | undefined): DonateFormValues['profile'] {
  const empty = emptyProfile();
  if (!stored) return empty;
  return {
    name: { ...empty.name, ...stored.name },
    nameKana: { ...empty.nameKana, ...stored.nameKana },
    birthday: { ...empty.birthday, ...stored.birthday },
    address: { ...empty.address, ...stored.address },
    phoneNumber: stored.phoneNumber ?? empty.phoneNumber,
    gender: stored.gender ?? empty.gender,
  };
}

const text = z.string().max(2048);
const storedFormState = z.object({
  version: z.literal(1),
  option: z.object({
    frequency: z.enum(FORM_VALUE_FREQUENCIES),
    paymentMethod: z.enum(FORM_PAYMENT_METHODS),
    rewardId: text,
    isCommissionContains: z.boolean(),
    isAnonymous: z.boolean(),
    needReceipt: z.boolean(),
    needNewsLetter: z.boolean(),
  }),
  amount: z.object({ amount: text, promotionCode: text.optional() }),
  membership: z.object({ planId: text }).optional(),
  userProfile: z.object({
    email: text,
    isCorporation: z.boolean(),
    profile: z.object({
      name: z.object({ lastName: text, firstName: text }),
      nameKana: z.object({ lastNameKana: text, firstNameKana: text }),
      birthday: z.object({ year: text, month: text, date: text }),
      address: z.object({ postalCode: text, state: text, city: text, street: text, building: text }),
      phoneNumber: text,
      gender: text,
    }),
  }),
  confirmation: z.object({ message: text, survey: z.record(z.string(), z.array(text)) }),
});

/** The `form_state` string sent with a card gift. */
export function serialiseFormState(values: DonateFormValues): string {
  const { option, amount, membership, userProfile, confirmation } = entryDataFromValues(values);
  return JSON.stringify({ version: 1, option, amount, membership, userProfile, confirmation });
}

/** The entry parts in a `form_state` string, or undefined when it is not one of ours. */
export function parseFormState(serialised: string): EntryData | undefined {
  try {
    const result = storedFormState.safeParse(JSON.parse(serialised));
    if (!result.success) return undefined;
    const { version: _version, ...data } = result.data;
    return data;
  } catch {
    return undefined;
  }
}
