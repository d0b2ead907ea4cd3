// The domain rules a donation request must pass before anything is stored or charged (spec §5
// "Donation readiness", "Amount limits", "Profile"), with the rules of packages/domain only:
// the profile block via userProfileSchemaFor (kana names for associate 29), the required email,
// the method/frequency combinations and the amount limits. Failures are 400 validation_failed with
// one rule key per field, keyed by the request's own field names (`donor.last_name_kana`,
// `amount`), and amount details carry the Japanese upper/lower-limit phrase the web matches
// (AMOUNT_LIMIT_PHRASES, spec §5 "Amount limits").
//
// Anonymous support (spec §5: "need_receipt is false and personal data is not passed to the
// associate"): the payer's profile is still required and stored — the card and bank-transfer
// rules of §5 ask for it whatever the anonymity, and the platform needs it for the payment itself —
// but the donation is flagged is_anonymous, so associate-facing views must leave the donor out,
// and need_receipt is forced to false.
import {
  AMOUNT_LIMIT_PHRASES,
  amountLimits,
  checkAmount,
  feeIncludedTotal,
  isAllowedCombination,
  kanaRequired,
  nameKanaSchema,
  nameSchema,
  requiredEmailSchema,
  toFieldError,
  userProfileSchemaFor,
  api,
  type Frequency,
  type PaymentMethod,
} from '@kifu/domain';
import type { z } from 'zod';
import { AppError, type FieldErrors } from '../lib/app-error';
import type { donors } from '../db/schema/index';

export type DonationRequest = z.output<typeof api.donationRequestBase>;

/** Where each part of the profile block comes from in the donor payload. */
const PROFILE_FIELD: Record<string, string> = {
  'name.lastName': 'donor.last_name',
  'name.firstName': 'donor.first_name',
  'nameKana.lastNameKana': 'donor.last_name_kana',
  'nameKana.firstNameKana': 'donor.first_name_kana',
  'address.postalCode': 'donor.zip_code',
  'address.state': 'donor.area',
  'address.city': 'donor.city',
  'address.street': 'donor.address1',
  'address.building': 'donor.address2',
  phoneNumber: 'donor.phone',
  gender: 'donor.gender',
};

function donorFieldOf(path: (string | number)[]): string {
  if (path[0] === 'birthday') return 'donor.birthday';
  const joined = path.join('.');
  return PROFILE_FIELD[joined] ?? PROFILE_FIELD[String(path[0])] ?? `donor.${joined}`;
}

function addField(fields: FieldErrors, key: string, rule: string): void {
  fields[key] = [...new Set([...(fields[key] ?? []), rule])];
}

export type DonorValues = Omit<typeof donors.$inferInsert, 'id' | 'createdAt'>;

export interface CheckedDonation {
  donor: DonorValues;
  /** What the supporter pays: the chosen amount, or its fee-included total (architecture.md §3). */
  chargedAmount: number;
}

export interface DonationRules {
  method: PaymentMethod;
  frequency: Frequency;
}

function limitError(reason: 'below_min' | 'above_max' | 'not_integer', { method, frequency }: DonationRules): AppError {
  const { min, max } = amountLimits(method, frequency);
  if (reason === 'above_max') {
    return new AppError(
      'validation_failed',
      `amount is above the upper limit (${AMOUNT_LIMIT_PHRASES.upper}) of ${max} yen for ${method} ${frequency}`,
      { amount: ['max'] },
    );
  }
  if (reason === 'below_min') {
    return new AppError(
      'validation_failed',
      `amount is below the lower limit (${AMOUNT_LIMIT_PHRASES.lower}) of ${min} yen for ${method} ${frequency}`,
      { amount: ['min'] },
    );
  }
  return new AppError('validation_failed', 'amount must be a whole number of yen', { amount: ['pattern.number'] });
}

/**
 * The charged amount. "Including fee and tax" (is_commission_contains) charges
 * feeIncludedTotal(amount) so the associate still receives the chosen amount: the donation's
 * `amount` is what was charged, and its transfer_amount (set when paid) is at least the chosen
 * amount. Both the chosen amount and the total must be within the method's limits.
 */
export function chargedAmountOf(
  request: Pick<DonationRequest, 'amount' | 'is_commission_contains' | 'campaign_id'>,
  rules: DonationRules,
): number {
  const chosen = checkAmount(request.amount, rules.method, rules.frequency);
  if (!chosen.ok) throw limitError(chosen.reason, rules);
  if (!request.is_commission_contains) return request.amount;
  const total = feeIncludedTotal(request.amount, { campaign: request.campaign_id !== null });
  const charged = checkAmount(total, rules.method, rules.frequency);
  if (!charged.ok) throw limitError(charged.reason, rules);
  return total;
}

/** Throws 400 validation_failed listing every field that breaks a rule. */
export function checkDonationRequest(request: DonationRequest, rules: DonationRules): CheckedDonation {
  if (!isAllowedCombination(rules.method, rules.frequency)) {
    throw new AppError('validation_failed', `${rules.method} does not allow ${rules.frequency} donations`, { payment_method: ['value'] });
  }
  const fields: FieldErrors = {};
  const profile = userProfileSchemaFor(request.associate_id).safeParse(api.donorToProfile(request.donor));
  if (!profile.success) {
    for (const issue of profile.error.issues) {
      const { path, rule } = toFieldError(issue);
      addField(fields, donorFieldOf(path), rule);
    }
  }
  const email = requiredEmailSchema.safeParse(request.donor.email);
  if (!email.success) for (const issue of email.error.issues) addField(fields, 'donor.email', toFieldError(issue).rule);
  if (!profile.success || !email.success) throw new AppError('validation_failed', 'invalid donor', fields);

  const chargedAmount = chargedAmountOf(request, rules);
  const { name, nameKana, birthday, address, phoneNumber, gender } = profile.data;
  return {
    chargedAmount,
    donor: {
      email: email.data,
      isCorporate: request.donor.is_corporation,
      lastName: name.lastName,
      firstName: name.firstName,
      lastNameKana: nameKana?.lastNameKana ?? '',
      firstNameKana: nameKana?.firstNameKana ?? '',
      birthday: birthday.asString,
      gender: gender ?? null,
      country: request.donor.country,
      zipCode: address.postalCode,
      area: address.state,
      city: address.city,
      address1: address.street,
      address2: address.building ?? '',
      phone: phoneNumber,
    },
  };
}

/**
 * Wallet pay (spec §5 "Wallet payment: not for annual; requires last and first name, optional
 * phonetic name, and a checkout session id"): the provider holds the buyer's address, so only the
 * names, the kana (required for the associates that need them) and the email are checked; any
 * address fields sent are kept as given.
 */
export function checkWalletDonationRequest(request: DonationRequest, frequency: Frequency): CheckedDonation {
  const rules: DonationRules = { method: 'walletPay', frequency };
  if (!isAllowedCombination(rules.method, frequency)) {
    throw new AppError('validation_failed', `walletPay does not allow ${frequency} donations`, { payment_method: ['value'] });
  }
  const fields: FieldErrors = {};
  const donor = request.donor;
  const name = nameSchema.safeParse({ lastName: donor.last_name, firstName: donor.first_name });
  if (!name.success)
    for (const issue of name.error.issues) addField(fields, donorFieldOf(['name', ...issue.path.map(String)]), toFieldError(issue).rule);
  const kana = nameKanaSchema.safeParse({ lastNameKana: donor.last_name_kana, firstNameKana: donor.first_name_kana });
  if (!kana.success)
    for (const issue of kana.error.issues)
      addField(fields, donorFieldOf(['nameKana', ...issue.path.map(String)]), toFieldError(issue).rule);
  if (kanaRequired(request.associate_id, { lastName: donor.last_name, firstName: donor.first_name })) {
    if (donor.last_name_kana.trim() === '') addField(fields, 'donor.last_name_kana', 'required');
    if (donor.first_name_kana.trim() === '') addField(fields, 'donor.first_name_kana', 'required');
  }
  const email = requiredEmailSchema.safeParse(donor.email);
  if (!email.success) for (const issue of email.error.issues) addField(fields, 'donor.email', toFieldError(issue).rule);
  if (!name.success || !kana.success || !email.success || Object.keys(fields).length > 0)
    throw new AppError('validation_failed', 'invalid donor', fields);

  return {
    chargedAmount: chargedAmountOf(request, rules),
    donor: {
      email: email.data,
      isCorporate: donor.is_corporation,
      lastName: name.data.lastName,
      firstName: name.data.firstName,
      lastNameKana: kana.data.lastNameKana ?? '',
      firstNameKana: kana.data.firstNameKana ?? '',
      // Not asked on the wallet path (spec §5); a free-text birthday could not be stored as a date anyway.
      birthday: null,
      gender: donor.gender ?? null,
      country: donor.country,
      zipCode: donor.zip_code,
      area: donor.area,
      city: donor.city,
      address1: donor.address1,
      address2: donor.address2,
      phone: donor.phone,
    },
  };
}
