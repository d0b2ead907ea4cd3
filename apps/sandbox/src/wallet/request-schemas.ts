// Request bodies of the wallet API (Amazon Pay API v2 field names). Unknown fields are refused
// with UnrecognizedField, as Amazon does, so a typo in the API's client fails here and not in
// production; the optional fields Kifu does not use are accepted and ignored.
import { z } from 'zod';
import { walletErrors } from './errors';

const returnUrl = z.url({ protocol: /^https?$/ });
/** Shown on the buyer's statement after "AMZ* ". */
const softDescriptor = z.string().max(16);
const price = z.object({ amount: z.union([z.string().min(1), z.number()]), currencyCode: z.string().min(1) }).strict();
export type PriceInput = z.infer<typeof price>;

const webCheckoutDetails = z
  .object({
    checkoutReviewReturnUrl: returnUrl.optional(),
    checkoutResultReturnUrl: returnUrl.optional(),
    checkoutCancelUrl: returnUrl.optional(),
    checkoutMode: z.string().optional(),
  })
  .strict();

const paymentDetails = z
  .object({
    paymentIntent: z.enum(['Confirm', 'Authorize', 'AuthorizeWithCapture']).optional(),
    canHandlePendingAuthorization: z.boolean().optional(),
    chargeAmount: price.optional(),
    totalOrderAmount: price.optional(),
    softDescriptor: softDescriptor.optional(),
    presentmentCurrency: z.string().optional(),
    allowOvercharge: z.boolean().optional(),
    extendExpiration: z.boolean().optional(),
  })
  .strict();

export const merchantMetadataSchema = z
  .object({
    merchantReferenceId: z.string().max(256).optional(),
    merchantStoreName: z.string().max(50).optional(),
    noteToBuyer: z.string().max(255).optional(),
    customInformation: z.string().max(4096).optional(),
  })
  .strict();

export const recurringMetadataSchema = z
  .object({
    frequency: z
      .object({
        unit: z.enum(['Year', 'Month', 'Week', 'Day', 'Variable']),
        value: z.union([z.string().regex(/^\d+$/), z.number().int().min(0)]),
      })
      .strict(),
    amount: price.optional(),
  })
  .strict();

/** Fields Amazon accepts that the sandbox stores nowhere. */
const ignored = {
  platformId: z.string().optional(),
  providerMetadata: z.object({ providerReferenceId: z.string().optional() }).strict().optional(),
  supplementaryData: z.string().optional(),
  addressDetails: z.record(z.string(), z.unknown()).optional(),
  deliverySpecifications: z.record(z.string(), z.unknown()).optional(),
  paymentMethodOnFileMetadata: z.record(z.string(), z.unknown()).optional(),
};

/** Create Checkout Session, and the payload signed into the button (it is the same object). */
export const createCheckoutSessionSchema = z
  .object({
    webCheckoutDetails: webCheckoutDetails.extend({ checkoutReviewReturnUrl: returnUrl }),
    storeId: z.string().min(1),
    chargePermissionType: z.enum(['OneTime', 'Recurring']).optional(),
    recurringMetadata: recurringMetadataSchema.optional(),
    paymentDetails: paymentDetails.optional(),
    merchantMetadata: merchantMetadataSchema.optional(),
    scopes: z.array(z.string().min(1)).optional(),
    ...ignored,
  })
  .strict();
export type CreateCheckoutSessionInput = z.infer<typeof createCheckoutSessionSchema>;

export const updateCheckoutSessionSchema = z
  .object({
    webCheckoutDetails: webCheckoutDetails.optional(),
    paymentDetails: paymentDetails.optional(),
    recurringMetadata: recurringMetadataSchema.optional(),
    merchantMetadata: merchantMetadataSchema.optional(),
    ...ignored,
  })
  .strict();
export type UpdateCheckoutSessionInput = z.infer<typeof updateCheckoutSessionSchema>;

export const completeCheckoutSessionSchema = z.object({ chargeAmount: price, totalOrderAmount: price.optional() }).strict();

export const createChargeSchema = z
  .object({
    chargePermissionId: z.string().min(1),
    chargeAmount: price,
    captureNow: z.boolean().optional(),
    softDescriptor: softDescriptor.optional(),
    canHandlePendingAuthorization: z.boolean().optional(),
    merchantMetadata: merchantMetadataSchema.optional(),
    ...ignored,
  })
  .strict();

export const captureChargeSchema = z.object({ captureAmount: price, softDescriptor: softDescriptor.optional() }).strict();

export const createRefundSchema = z
  .object({ chargeId: z.string().min(1), refundAmount: price, softDescriptor: softDescriptor.optional() })
  .strict();

export const closeChargePermissionSchema = z
  .object({ closureReason: z.string().max(255).optional(), cancelPendingCharges: z.boolean().optional() })
  .strict();

export const updateChargePermissionSchema = z
  .object({ merchantMetadata: merchantMetadataSchema.optional(), recurringMetadata: recurringMetadataSchema.optional() })
  .strict();

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Validates a parsed JSON body, naming the first problem with Amazon's reason code. */
export function parseWith<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.join('.') || 'body';
  if (issue.code === 'unrecognized_keys') {
    throw walletErrors.unrecognizedField(
      `Unrecognized field ${[where === 'body' ? '' : `${where}.`, issue.keys[0]].join('')} in the request body.`,
    );
  }
  if (valueAt(data, issue.path) === undefined) throw walletErrors.missingParameter(`The ${where} parameter is required.`);
  throw walletErrors.invalidParameter(`The value provided for ${where} is invalid: ${issue.message}`);
}

/** Parses the raw body the signature was checked against. */
export function parseJsonBody(raw: Buffer | undefined): unknown {
  if (!raw || raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw walletErrors.invalidFormat();
  }
}

/**
 * A JPY price as whole yen. The ledger currency of a Japanese merchant is JPY; amounts are
 * strings on the wire ("3000"), numbers are accepted as the SDK's own examples send them.
 */
export function toYen(input: PriceInput, field: string): number {
  if (input.currencyCode !== 'JPY')
    throw walletErrors.invalidParameter(`${field}.currencyCode must be JPY, the ledger currency of this store.`);
  const text = typeof input.amount === 'number' ? String(input.amount) : input.amount;
  const match = /^(\d+)(?:\.0{1,2})?$/.exec(text);
  if (!match) throw walletErrors.invalidParameter(`${field}.amount must be a whole number of yen.`);
  return Number(match[1]);
}
