// Request and response shapes of the wallet pay routes (spec §7 /wallet-pay/…), snake_case like
// every Kifu payload (ADR 002). Field errors are rule keys (spec §5), never sentences.
import { api, FREQUENCIES, isAllowedCombination, LOCALES, numberSchema } from '@kifu/domain';
import { z } from 'zod';

const requiredOr = (rule: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : rule);

/** The client's random key for the saved form state (donation_form_states.key). */
export const DONATE_SESSION_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

export const buttonSignatureBody = z.object({
  amount: numberSchema,
  // Wallet pay has no annual plan (spec §4 step 6, §5 "Wallet payment: not for annual").
  frequency: z
    .enum(FREQUENCIES, { error: requiredOr('value') })
    .refine((frequency) => isAllowedCombination('walletPay', frequency), 'value'),
  associate_id: api.rowId.nullish(),
  campaign_id: api.rowId.nullish(),
  locale: z.enum(LOCALES, { error: 'value' }).default('ja'),
  donate_session_key: z
    .string({ error: 'value' })
    .min(1, 'required')
    .max(128, 'maxLength')
    .regex(DONATE_SESSION_KEY_PATTERN, 'pattern')
    .nullish(),
});

/** What the page hands the provider's checkout script to render the button (Amazon Pay's renderButton options). */
export const buttonConfig = z.object({
  merchant_id: z.string(),
  ledger_currency: z.literal('JPY'),
  checkout_language: z.enum(['ja_JP', 'en_US']),
  product_type: z.literal('PayOnly'),
  placement: z.literal('Other'),
  button_color: z.string(),
  /** The provider's test environment. */
  sandbox: z.boolean(),
  checkout_script_url: z.string(),
  create_checkout_session_config: z.object({
    /** Send unchanged: the signature covers this exact string. */
    payload_json: z.string(),
    signature: z.string(),
    public_key_id: z.string(),
    algorithm: z.string(),
  }),
});

export const checkoutSessionQuery = z.object({
  checkout_session_id: z
    .string({ error: 'required' })
    .min(1, 'required')
    .max(128, 'maxLength')
    .regex(/^[A-Za-z0-9._~-]+$/, 'pattern'),
});

const billingAddress = z.object({
  name: z.string(),
  postal_code: z.string(),
  state_or_region: z.string(),
  city: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  address_line3: z.string().nullable(),
  country_code: z.string(),
});

/**
 * What the review page shows and the donation form's wallet profile reads (spec §4: the wallet's
 * profile updates only the kana and the names; §4 step 1: the buyer's email). Nothing else of the
 * buyer leaves the API.
 */
export const checkoutSessionResponse = z.object({
  id: z.string(),
  state: z.enum(['Open', 'Completed', 'Canceled']),
  /** Why a Canceled session ended: BuyerCanceled, Expired, AmazonCanceled or Declined. */
  reason_code: z.string().nullable(),
  /** Null until the buyer signed in at the provider. */
  buyer: z.object({ name: z.string(), email: z.string() }).nullable(),
  billing_address: billingAddress.nullable(),
  /** Yen, once the amount was set on the session. */
  amount: z.number().int().nullable(),
  expires_at: z.string(),
});
export type CheckoutSessionView = z.infer<typeof checkoutSessionResponse>;
