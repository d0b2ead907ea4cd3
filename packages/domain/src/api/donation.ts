// Wire contract of the donation calls (spec §3 "Donation request", "Donation responses", §7
// "What the donation-related calls send and read"). Snake_case like the spec's payloads. The API
// validates requests with these schemas and then applies the domain rules (profile, limits,
// readiness); the web builds requests from the same types.
import { z } from 'zod';
import { DONATION_MESSAGE_MAX_LENGTH } from '../constants';
import { DONATION_TYPE_IDS, FREQUENCIES, GENDER_IDS, LOCALES, PAYMENT_METHODS } from '../enums';
import { birthdayPartsOf } from '../schemas/birthday';
import type { UserProfileInput } from '../schemas/user-profile';
import { rowId, storedInteger } from './common';

/** The donor payload (spec §3 "Donor payload sent to the server"). */
export const donorPayload = z.object({
  last_name: z.string().max(256),
  first_name: z.string().max(256),
  last_name_kana: z.string().max(256).default(''),
  first_name_kana: z.string().max(256).default(''),
  /** YYYY-MM-DD */
  birthday: z.string().max(10).default(''),
  gender: z.literal(GENDER_IDS).optional(),
  country: z.string().length(2).default('JP'),
  zip_code: z.string().max(256).default(''),
  /** Prefecture. */
  area: z.string().max(256).default(''),
  city: z.string().max(256).default(''),
  /** Street. */
  address1: z.string().max(256).default(''),
  /** Building (optional). */
  address2: z.string().max(256).default(''),
  phone: z.string().max(256).default(''),
  email: z.string().max(256),
  /** Corporate donors use the corporate variants of the name fields (spec §6). */
  is_corporation: z.boolean().default(false),
});
export type DonorPayload = z.infer<typeof donorPayload>;
export type DonorPayloadInput = z.input<typeof donorPayload>;

/** The donor payload as the profile block of the form, to validate with `userProfileSchemaFor`. */
export function donorToProfile(donor: DonorPayloadInput): UserProfileInput {
  const birthday = birthdayPartsOf(donor.birthday ?? '') ?? { year: '', month: '', date: '' };
  return {
    name: { lastName: donor.last_name, firstName: donor.first_name },
    nameKana: { lastNameKana: donor.last_name_kana ?? '', firstNameKana: donor.first_name_kana ?? '' },
    birthday,
    address: {
      postalCode: donor.zip_code ?? '',
      state: donor.area ?? '',
      city: donor.city ?? '',
      street: donor.address1 ?? '',
      building: donor.address2 ?? '',
    },
    phoneNumber: donor.phone ?? '',
    gender: donor.gender,
  };
}

export const surveyAnswerPayload = z.object({
  question_id: rowId,
  choice_ids: z.array(rowId).max(50),
});

/** Fields every donation request carries (spec §3 "Donation request"). */
export const donationRequestBase = z.object({
  donor: donorPayload,
  amount: z.number().int(),
  /** When "Including fee and tax" is ticked the supporter pays feeIncludedTotal(amount). */
  is_commission_contains: z.boolean().default(false),
  type: z.literal(DONATION_TYPE_IDS).default(1),
  associate_id: rowId,
  campaign_id: rowId.nullable().default(null),
  reward_id: rowId.nullable().default(null),
  /** A campaign's promotion code (spec §8): waives that much of the platform fee on a campaign gift (ADR 036). */
  promotion_code: z.string().trim().max(32, 'maxLength').optional(),
  portfolio_id: rowId.nullable().default(null),
  is_anonymous: z.boolean().default(false),
  /** Becomes the donation's message (ADR 010), so the message's own limit applies. */
  message: z.string().max(DONATION_MESSAGE_MAX_LENGTH).default(''),
  need_news_letter: z.boolean().default(false),
  need_receipt: z.boolean().default(false),
  lang: z.enum(LOCALES).default('ja'),
  /** Bot-check token (reCAPTCHA v3, action 'submit'); required when the API has bot check on. */
  recaptcha_token: z.string().max(4096).optional(),
  survey_answers: z.array(surveyAnswerPayload).max(50).default([]),
  /** Opaque serialised form state, restored after 3-D Secure (spec §3). Never card data. */
  form_state: z.string().max(100_000).optional(),
});

/** Card gifts: the customer created from the vault token, and where 3-D Secure returns. */
export const cardDonationRequest = donationRequestBase.extend({
  payment_method: z.literal('creditCard').default('creditCard'),
  customer_id: z.string().min(1).max(128),
  /** A guest's proof that /payment/non-member-credit made this customer for them; signed-in donors send none. */
  customer_handle: z.string().min(1).max(256).optional(),
  /** Absolute URL of the page the bank returns to after 3-D Secure (the donation form). */
  client_uri: z.url({ protocol: /^https?$/ }).max(2048),
});
export type CardDonationRequest = z.input<typeof cardDonationRequest>;

export const recurringCardDonationRequest = cardDonationRequest.extend({
  agency_commission_code: z.string().max(64).optional(),
});
export type RecurringCardDonationRequest = z.input<typeof recurringCardDonationRequest>;

export const annualCardDonationRequest = recurringCardDonationRequest.extend({
  membership_plan_id: rowId,
});
export type AnnualCardDonationRequest = z.input<typeof annualCardDonationRequest>;

export const bankTransferDonationRequest = donationRequestBase.extend({
  payment_method: z.literal('bankTransfer').default('bankTransfer'),
});
export type BankTransferDonationRequest = z.input<typeof bankTransferDonationRequest>;

/** The client's random key its form state is kept under across the wallet redirect (donate_session_key). */
export const WALLET_FORM_STATE_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;
export const walletFormStateKey = z.string().min(1).max(128).regex(WALLET_FORM_STATE_KEY_PATTERN);
/** The provider's checkout session id (amazonCheckoutSessionId on our return pages). */
export const checkoutSessionId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._~-]+$/);

/**
 * POST /donation/wallet-pay/update-checkout-session/ (single) and
 * /donation/recurring/wallet-pay/update-checkout-session/ (monthly) (spec §3 "A wallet payment
 * request carries a wallet-pay object with checkout_session_id and form_state (donate_session_key,
 * state string), plus donor names and email"). The provider holds the buyer's address, so only the
 * names (kana optional unless the associate requires them) and the email are the donor's to send.
 */
export const walletPayDonationRequest = donationRequestBase.extend({
  payment_method: z.literal('walletPay').default('walletPay'),
  wallet_pay: z.object({
    checkout_session_id: checkoutSessionId,
    form_state: z.object({ donate_session_key: walletFormStateKey, state: z.string().max(100_000) }),
  }),
});
export type WalletPayDonationRequest = z.input<typeof walletPayDonationRequest>;

export const recurringWalletPayDonationRequest = walletPayDonationRequest.extend({
  agency_commission_code: z.string().max(64).optional(),
});
export type RecurringWalletPayDonationRequest = z.input<typeof recurringWalletPayDonationRequest>;

/**
 * Answer of both update calls: the donation id and where the buyer approves the payment (spec §7
 * "reads id and the wallet-pay redirect_url"): the address is `wallet_pay.redirect_url`, only there.
 */
export const walletPayDonationResponse = z.object({
  id: z.number().int(),
  wallet_pay: z.object({ redirect_url: z.string() }),
  /** Monthly only: the recurring donation the first payment belongs to. */
  recurring_donation_id: z.number().int().nullable(),
  status_token: z.string().optional(),
});
export type WalletPayDonationResponse = z.infer<typeof walletPayDonationResponse>;

/** POST /donation/[recurring/]wallet-pay/complete-checkout-session/: back on the result page. */
export const walletPayCompleteRequest = z.object({ checkout_session_id: checkoutSessionId });
export type WalletPayCompleteRequest = z.input<typeof walletPayCompleteRequest>;

export const walletPayCompleteResponse = z.object({
  id: z.number().int(),
  result: z.literal('PAID'),
  amount: z.number().int(),
  recurring_donation_id: z.number().int().nullable(),
});
export type WalletPayCompleteResponse = z.infer<typeof walletPayCompleteResponse>;

/** POST /donation/wallet-pay-form-state/ and GET /donation/wallet-pay-form-state/{key}/ (kept FORM_STATE_TTL_MS). */
export const walletFormStateBody = z.object({ state: z.string().max(100_000) });
export const walletFormStateCreated = z.object({ key: z.string() });

export const donationSummary = z.object({
  id: z.number().int(),
  is_anonymous: z.boolean(),
  donation_message: z.object({ id: z.number().int() }).nullable(),
});

export const virtualAccountView = z.object({
  bank_name: z.string(),
  branch_name: z.string(),
  account_type: z.literal('ordinary'),
  account_number: z.string(),
  account_holder: z.string(),
  amount: z.number().int(),
  /** What has arrived so far: a short transfer leaves the rest to send by the deadline (ADR 035). */
  deposited_amount: z.number().int(),
  expiration_date: z.string(),
});
export type VirtualAccountView = z.infer<typeof virtualAccountView>;

/**
 * Issued with every new donation: a guest (no account) sends it back as the `donation_token` query
 * parameter to read the donation's status and its saved form state (GET /donation/{id}/status/,
 * /donation/{id}/form-state/). A signed-in donor does not need it. Valid for FORM_STATE_TTL_MS.
 */
const statusToken = z.string().optional();

/** POST /donation/ (single card gift). */
export const cardDonationResponse = z.object({ donation: donationSummary, authorize_uri: z.string(), status_token: statusToken });
/** POST /donation/recurring/ and /donation/recurring/annual/. */
export const recurringDonationResponse = z.object({
  recurring_donation: z.object({ id: z.number().int(), donations: z.array(donationSummary) }),
  authorize_uri: z.string(),
  status_token: statusToken,
});
/** POST /donation/deposit/ (bank transfer). */
export const bankTransferDonationResponse = z.object({
  donation: donationSummary,
  virtual_account: virtualAccountView,
  status_token: statusToken,
});
export type DonationSummary = z.infer<typeof donationSummary>;
export type CardDonationResponse = z.infer<typeof cardDonationResponse>;
export type RecurringDonationResponse = z.infer<typeof recurringDonationResponse>;
export type BankTransferDonationResponse = z.infer<typeof bankTransferDonationResponse>;

/** One of associate_id (a gift to an associate or its campaign) or portfolio_id (a portfolio gift). */
export const checkDuplicationRequest = z
  .object({ associate_id: rowId.optional(), portfolio_id: rowId.optional(), email: z.string().max(256) })
  .refine((body) => (body.associate_id === undefined) !== (body.portfolio_id === undefined), {
    message: 'give exactly one of associate_id and portfolio_id',
    path: ['associate_id'],
  });
export const checkDuplicationResponse = z.object({ possible_duplication: z.boolean() });
export type CheckDuplicationRequest = z.input<typeof checkDuplicationRequest>;
export type CheckDuplicationResponse = z.infer<typeof checkDuplicationResponse>;

/** GET /donation/{id}/status/: what the form polls after 3-D Secure. */
export const DONATION_STATUS_RESULTS = ['PENDING', 'PAID', 'FAILED'] as const;
export const donationStatusResponse = z.object({
  id: z.number().int(),
  result: z.enum(DONATION_STATUS_RESULTS),
  /** FAILED only: the provider's failure code (e.g. insufficient_fund), for the catalogue's detail matching (spec §8). */
  detail: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  frequency: z.enum(FREQUENCIES),
  amount: z.number().int(),
  /** Anonymous support (spec §5): the associate gets no name, and there is no receipt. */
  is_anonymous: z.boolean(),
  /** Annual membership: the plan of the recurring donation this payment belongs to; otherwise null. */
  membership_plan_id: z.number().int().nullable(),
});

export type DonationStatusResponse = z.infer<typeof donationStatusResponse>;

/** How long a saved form state (and with it a guest's status token) stays readable. */
export const FORM_STATE_TTL_MS = 24 * 60 * 60 * 1000;

/** Query of the status and form-state calls: a guest's `status_token` from the creation response. */
export const donationAccessQuery = z.object({ donation_token: z.string().max(256).optional() });

/** PUT and GET /donation/{id}/form-state/. */
export const formStateBody = z.object({ form_state: z.string().max(100_000) });

/**
 * POST /donation/submission-log/ (spec §3 "Donation submission log"; the front-end route
 * /logDonationSubmission/log forwards here). Codes as spec §3: payment method 1 card, 4 wallet pay,
 * 7 bank transfer; frequency 1 single, 2 monthly, 3 annual.
 */
export const donationSubmissionLogRequest = z.object({
  payment_method: z.union([z.literal(1), z.literal(4), z.literal(7)]),
  frequency: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  associate_id: rowId.nullable().optional(),
  campaign_id: rowId.nullable().optional(),
  /** Ignored by the API: the log names the caller of its token (null for a guest). */
  user_id: rowId.nullable().optional(),
  user_email: z.string().max(256).nullable().optional(),
  /** As the form had it, valid or not; stored in an `integer` column. */
  amount: storedInteger.nullable().optional(),
  success: z.boolean(),
  feedback_message: z.string().max(2048).default(''),
});
export type DonationSubmissionLogRequest = z.input<typeof donationSubmissionLogRequest>;
