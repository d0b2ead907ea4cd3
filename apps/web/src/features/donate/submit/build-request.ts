// The donation request of spec §3 from the form's values, through the domain schemas: what the
// supporter typed is normalised (full-width digits, kana) exactly as the API will check it.
import type { BankTransferDonationRequest, CardDonationRequest, DonorPayloadInput } from '@kifu/domain/api/donation';
import { COUNTRY } from '@kifu/domain/constants';
import { DonationType, type Locale } from '@kifu/domain/enums';
import { cardSchema, expiryYearToFull, type Card } from '@kifu/domain/schemas/card';
import { requiredEmailSchema } from '@kifu/domain/schemas/fields';
import { userProfileSchemaFor } from '@kifu/domain/schemas/user-profile';
import { parseNumeric } from '@kifu/domain/normalise';
import type { PrivateProfileBody } from '../donate-api';
import { isCampaign, type DonateTarget } from '../donate-target';
import { totalOf } from '../form/step-validation';
import { surveyKey, type DonateFormValues } from '../form/field-values';

/** The parts of a request every method shares, without the bot-check token and method fields. */
export type DonationBase = Omit<BankTransferDonationRequest, 'payment_method' | 'recaptcha_token'>;

export interface BuiltDonation {
  base: DonationBase;
  email: string;
  /** The chosen amount, and what is charged (the fee-included total when ticked). */
  amount: number;
  total: number;
}

export function donorOf(values: DonateFormValues, associateId: number): DonorPayloadInput {
  const profile = userProfileSchemaFor(associateId).parse(values.profile);
  return {
    last_name: profile.name.lastName,
    first_name: profile.name.firstName,
    last_name_kana: profile.nameKana?.lastNameKana ?? '',
    first_name_kana: profile.nameKana?.firstNameKana ?? '',
    birthday: profile.birthday.asString,
    gender: profile.gender,
    country: COUNTRY,
    zip_code: profile.address.postalCode,
    area: profile.address.state,
    city: profile.address.city,
    address1: profile.address.street,
    address2: profile.address.building ?? '',
    phone: profile.phoneNumber,
    email: requiredEmailSchema.parse(values.email),
    is_corporation: values.isCorporation,
  };
}

/** The sign-up's private_profile (spec §7): the donor payload's profile fields, same mapping. */
export function privateProfileOf(donor: DonorPayloadInput): PrivateProfileBody {
  return {
    first_name: donor.first_name,
    last_name: donor.last_name,
    first_name_kana: donor.first_name_kana ?? '',
    last_name_kana: donor.last_name_kana ?? '',
    birthday: donor.birthday ?? '',
    ...(donor.gender === undefined ? {} : { gender: donor.gender }),
    zip_code: donor.zip_code ?? '',
    area: donor.area ?? '',
    city: donor.city ?? '',
    address1: donor.address1 ?? '',
    address2: donor.address2 ?? '',
    phone: donor.phone ?? '',
  };
}

/** Throws (a ZodError) when the values do not pass the domain schemas; validate the steps first. */
export function buildDonation(values: DonateFormValues, target: DonateTarget, locale: Locale): BuiltDonation {
  return buildDonationWith(values, target, locale, donorOf(values, target.associate.id));
}

/** The request parts of the form's values with a donor given by the caller (wallet pay: the names and the buyer's email). */
export function buildDonationWith(values: DonateFormValues, target: DonateTarget, locale: Locale, donor: DonorPayloadInput): BuiltDonation {
  const amount = parseNumeric(values.amount);
  if (amount === undefined) throw new RangeError('amount is not a number');
  const surveyAnswers = target.associate.surveyQuestions
    .map((question) => ({
      question_id: question.id,
      choice_ids: (values.survey[surveyKey(question.id)] ?? [])
        .map(Number)
        .filter((id) => question.choices.some((choice) => choice.id === id)),
    }))
    .filter((answer) => answer.choice_ids.length > 0);
  const campaign = target.campaign;
  const base: DonationBase = {
    donor,
    amount,
    is_commission_contains: values.isCommissionContains,
    type: target.portfolio ? DonationType.PORTFOLIO : isCampaign(target) ? DonationType.CAMPAIGN : DonationType.NORMAL,
    associate_id: target.associate.id,
    campaign_id: campaign?.id ?? null,
    ...(target.portfolio ? { portfolio_id: target.portfolio.id } : {}),
    reward_id: campaign && values.rewardId !== '' ? Number(values.rewardId) : null,
    ...(campaign && values.promotionCode.trim() ? { promotion_code: values.promotionCode.trim() } : {}),
    is_anonymous: values.isAnonymous,
    message: values.message.trim(),
    need_news_letter: values.needNewsLetter,
    // Spec §5: anonymous support gets no receipt.
    need_receipt: values.isAnonymous ? false : values.needReceipt,
    lang: locale,
    survey_answers: surveyAnswers,
  };
  return { base, email: donor.email, amount, total: totalOf(target, amount, values.isCommissionContains) };
}

export function cardRequest(
  base: DonationBase,
  extra: { customerId: string; customerHandle?: string; clientUri: string; recaptchaToken?: string; formState: string },
): CardDonationRequest {
  return {
    ...base,
    payment_method: 'creditCard',
    customer_id: extra.customerId,
    customer_handle: extra.customerHandle,
    client_uri: extra.clientUri,
    recaptcha_token: extra.recaptchaToken,
    form_state: extra.formState,
  };
}

export function bankTransferRequest(base: DonationBase, extra: { recaptchaToken?: string }): BankTransferDonationRequest {
  return { ...base, payment_method: 'bankTransfer', recaptcha_token: extra.recaptchaToken };
}

/** The card as the vault wants it (4-digit expiry year), from the form's card fields. */
export function vaultCardOf(values: DonateFormValues, now: Date): Card & { expirationYearFull: number } {
  const card = cardSchema(now).parse(values.card);
  return { ...card, expirationYearFull: expiryYearToFull(card.expirationYear) };
}
