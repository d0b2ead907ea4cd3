// The provider's objects as they arrive (Amazon Pay API v2 field names), read leniently: only the
// fields Kifu uses are checked, nullable wherever the provider may leave them out, and turned into
// the gateway's own types. https://developer.amazon.com/docs/amazon-pay-api-v2/checkout-session.html,
// charge.html, charge-permission.html, refund.html
import { z } from 'zod';
import type {
  WalletAddress,
  WalletCharge,
  WalletChargePermission,
  WalletCheckoutSession,
  WalletRefund,
  WalletRefundState,
} from './wallet-gateway';

/** JPY amounts are whole yen, sent as strings ("3000"); "3000.00" is read the same. */
const yen = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const match = /^(\d+)(?:\.0+)?$/.exec(String(value));
  if (!match) {
    ctx.addIssue({ code: 'custom', message: 'not a whole number of yen' });
    return z.NEVER;
  }
  return Number(match[1]);
});
const price = z.object({ amount: yen, currencyCode: z.string() });

/** Amazon timestamps: ISO 8601 basic format in UTC ("20191015T204327Z"); the extended form is read too. */
const timestamp = z.string().transform((value, ctx) => {
  const basic = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  const date = new Date(basic ? `${basic[1]}-${basic[2]}-${basic[3]}T${basic[4]}:${basic[5]}:${basic[6]}Z` : value);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'not a timestamp' });
    return z.NEVER;
  }
  return date;
});

const text = z.string().nullish();

const addressJson = z.object({
  name: text,
  addressLine1: text,
  addressLine2: text,
  addressLine3: text,
  city: text,
  stateOrRegion: text,
  postalCode: text,
  countryCode: text,
});

const permissionType = z.enum(['OneTime', 'Recurring']);

export const checkoutSessionJson = z.object({
  checkoutSessionId: z.string().min(1),
  webCheckoutDetails: z.object({ amazonPayRedirectUrl: text }).nullish(),
  paymentDetails: z.object({ chargeAmount: price.nullish() }).nullish(),
  chargePermissionType: permissionType.nullish(),
  buyer: z.object({ name: text, email: text, phoneNumber: text }).nullish(),
  billingAddress: addressJson.nullish(),
  statusDetails: z.object({ state: z.enum(['Open', 'Completed', 'Canceled']), reasonCode: text }),
  chargePermissionId: text,
  chargeId: text,
  expirationTimestamp: timestamp,
});

export const chargeJson = z.object({
  chargeId: z.string().min(1),
  chargePermissionId: z.string().min(1),
  chargeAmount: price,
  captureAmount: price.nullish(),
  statusDetails: z.object({ state: z.string().min(1), reasonCode: text }),
});

export const chargePermissionJson = z.object({
  chargePermissionId: z.string().min(1),
  chargePermissionType: permissionType,
  statusDetails: z.object({ state: z.string().min(1), reasons: z.array(z.object({ reasonCode: z.string() })).nullish() }),
  expirationTimestamp: timestamp.nullish(),
});

/** Amazon's refund states; one it adds later is an answer we cannot read, not a guess. */
const REFUND_STATES = { RefundInitiated: 'pending', Refunded: 'refunded', Declined: 'declined' } as const satisfies Record<
  string,
  WalletRefundState
>;

export const refundJson = z.object({
  refundId: z.string().min(1),
  chargeId: z.string().min(1),
  refundAmount: price,
  statusDetails: z.object({ state: z.enum(Object.keys(REFUND_STATES) as [keyof typeof REFUND_STATES]), reasonCode: text }),
});

function toAddress(json: z.infer<typeof addressJson>): WalletAddress {
  return {
    name: json.name ?? '',
    postalCode: json.postalCode ?? '',
    stateOrRegion: json.stateOrRegion ?? '',
    city: json.city ?? '',
    addressLine1: json.addressLine1 ?? '',
    addressLine2: json.addressLine2 ?? null,
    addressLine3: json.addressLine3 ?? null,
    countryCode: json.countryCode ?? '',
  };
}

export function toCheckoutSession(json: z.infer<typeof checkoutSessionJson>): WalletCheckoutSession {
  const buyer = json.buyer;
  return {
    id: json.checkoutSessionId,
    state: json.statusDetails.state,
    reasonCode: json.statusDetails.reasonCode ?? null,
    chargePermissionType: json.chargePermissionType ?? 'OneTime',
    buyer: buyer ? { name: buyer.name ?? '', email: buyer.email ?? '', ...(buyer.phoneNumber ? { phone: buyer.phoneNumber } : {}) } : null,
    billingAddress: json.billingAddress ? toAddress(json.billingAddress) : null,
    amount: json.paymentDetails?.chargeAmount?.amount ?? null,
    redirectUrl: json.webCheckoutDetails?.amazonPayRedirectUrl ?? null,
    chargeId: json.chargeId ?? null,
    chargePermissionId: json.chargePermissionId ?? null,
    expiresAt: json.expirationTimestamp,
  };
}

export function toCharge(json: z.infer<typeof chargeJson>): WalletCharge {
  return {
    id: json.chargeId,
    chargePermissionId: json.chargePermissionId,
    state: json.statusDetails.state,
    amount: json.chargeAmount.amount,
    capturedAmount: json.captureAmount?.amount ?? null,
    reasonCode: json.statusDetails.reasonCode ?? null,
  };
}

export function toChargePermission(json: z.infer<typeof chargePermissionJson>): WalletChargePermission {
  return {
    id: json.chargePermissionId,
    type: json.chargePermissionType,
    state: json.statusDetails.state,
    reasonCodes: (json.statusDetails.reasons ?? []).map((reason) => reason.reasonCode),
    expiresAt: json.expirationTimestamp ?? null,
  };
}

export function toRefund(json: z.infer<typeof refundJson>): WalletRefund {
  return {
    id: json.refundId,
    chargeId: json.chargeId,
    amount: json.refundAmount.amount,
    state: REFUND_STATES[json.statusDetails.state],
    reason: json.statusDetails.reasonCode ?? null,
  };
}

/** A JPY price on the wire. */
export function jpy(amount: number) {
  return { amount: String(amount), currencyCode: 'JPY' };
}
