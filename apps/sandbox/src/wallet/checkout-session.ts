// The Checkout Session object (https://developer.amazon.com/docs/amazon-pay-api-v2/checkout-session.html):
// Open → Completed | Canceled. A session still Open 24 hours after creation reads as Canceled
// with reasonCode Expired; the sandbox clock decides, so tests reach it with POST /__control/clock.
import { randomUUID } from 'node:crypto';
import { amazonTimestamp, jpy, type Price } from './amazon-format';
import { toYen, type CreateCheckoutSessionInput, type merchantMetadataSchema, type recurringMetadataSchema } from './request-schemas';
import type { CheckoutSession, MerchantMetadata, ProductType, RecurringMetadata } from './session-store';
import { findTestBuyer, type TestBuyer } from './test-buyers';
import { walletErrors } from './errors';
import type { z } from 'zod';

export const SESSION_LIFETIME_MS = 24 * 60 * 60_000;
/** Amazon Pay's maximum per charge in Japan; Kifu's own limit is lower (packages/domain). */
export const MAX_CHARGE_YEN = 10_000_000;

export function assertWithinChargeLimit(yen: number, field: string): void {
  if (yen > MAX_CHARGE_YEN)
    throw walletErrors.transactionAmountExceeded(`${field} exceeds the maximum of ¥${MAX_CHARGE_YEN.toLocaleString('en-US')} per charge.`);
}

export function toMerchantMetadata(
  input: z.infer<typeof merchantMetadataSchema> | undefined,
  current?: MerchantMetadata,
): MerchantMetadata {
  const base = current ?? { merchantReferenceId: null, merchantStoreName: null, noteToBuyer: null, customInformation: null };
  return {
    merchantReferenceId: input?.merchantReferenceId ?? base.merchantReferenceId,
    merchantStoreName: input?.merchantStoreName ?? base.merchantStoreName,
    noteToBuyer: input?.noteToBuyer ?? base.noteToBuyer,
    customInformation: input?.customInformation ?? base.customInformation,
  };
}

export function toRecurringMetadata(input: z.infer<typeof recurringMetadataSchema>): RecurringMetadata {
  let amount: Price | null = null;
  if (input.amount) {
    const yen = toYen(input.amount, 'recurringMetadata.amount');
    assertWithinChargeLimit(yen, 'recurringMetadata.amount');
    amount = jpy(yen);
  }
  return { frequency: { unit: input.frequency.unit, value: String(input.frequency.value) }, amount };
}

/** Price fields of a create or update request, checked the same way. */
export function chargeAmountFrom(input: { amount: string | number; currencyCode: string }, field: string): Price {
  const yen = toYen(input, field);
  if (yen < 1) throw walletErrors.invalidParameter(`${field}.amount must be at least 1 yen.`);
  assertWithinChargeLimit(yen, field);
  return jpy(yen);
}

export function createCheckoutSession(input: CreateCheckoutSessionInput, productType: ProductType, now: Date): CheckoutSession {
  const chargePermissionType = input.chargePermissionType ?? 'OneTime';
  return {
    checkoutSessionId: randomUUID(),
    storeId: input.storeId,
    productType,
    webCheckoutDetails: {
      checkoutReviewReturnUrl: input.webCheckoutDetails.checkoutReviewReturnUrl,
      checkoutResultReturnUrl: input.webCheckoutDetails.checkoutResultReturnUrl ?? null,
      checkoutCancelUrl: input.webCheckoutDetails.checkoutCancelUrl ?? null,
    },
    paymentDetails: {
      paymentIntent: input.paymentDetails?.paymentIntent ?? null,
      canHandlePendingAuthorization: input.paymentDetails?.canHandlePendingAuthorization ?? false,
      chargeAmount: input.paymentDetails?.chargeAmount
        ? chargeAmountFrom(input.paymentDetails.chargeAmount, 'paymentDetails.chargeAmount')
        : null,
      totalOrderAmount: input.paymentDetails?.totalOrderAmount
        ? jpy(toYen(input.paymentDetails.totalOrderAmount, 'paymentDetails.totalOrderAmount'))
        : null,
      softDescriptor: input.paymentDetails?.softDescriptor ?? null,
    },
    chargePermissionType,
    recurringMetadata: input.recurringMetadata ? toRecurringMetadata(input.recurringMetadata) : null,
    merchantMetadata: toMerchantMetadata(input.merchantMetadata),
    scopes: input.scopes ?? null,
    buyerKey: null,
    buyerConfirmedAt: null,
    state: 'Open',
    reasonCode: null,
    reasonDescription: null,
    createdAt: now,
    lastUpdatedAt: now,
    chargePermissionId: null,
    chargeId: null,
  };
}

/** Checks a create request (or button payload) beyond its shape. */
export function assertCreatable(input: CreateCheckoutSessionInput, storeId: string): void {
  if (input.storeId !== storeId) throw walletErrors.invalidParameter(`storeId ${input.storeId} is not the store of this merchant.`);
  if (input.chargePermissionType === 'Recurring' && !input.recurringMetadata) {
    throw walletErrors.missingParameter('recurringMetadata is required when chargePermissionType is Recurring.');
  }
}

export function sessionExpiresAt(session: CheckoutSession): Date {
  return new Date(session.createdAt.getTime() + SESSION_LIFETIME_MS);
}

/** Applies the 24-hour expiry; true when it happened now. */
export function settleExpiry(session: CheckoutSession, now: Date): boolean {
  if (session.state !== 'Open' || now < sessionExpiresAt(session)) return false;
  cancelSession(session, 'Expired', 'The buyer did not complete checkout within 24 hours.', sessionExpiresAt(session));
  return true;
}

export function cancelSession(
  session: CheckoutSession,
  reasonCode: 'BuyerCanceled' | 'Expired' | 'Declined' | 'AmazonCanceled',
  reasonDescription: string,
  at: Date,
): void {
  session.state = 'Canceled';
  session.reasonCode = reasonCode;
  session.reasonDescription = reasonDescription;
  session.lastUpdatedAt = at;
}

export function sessionBuyer(session: CheckoutSession): TestBuyer | undefined {
  return findTestBuyer(session.buyerKey);
}

export interface Constraint {
  constraintId: string;
  description: string;
}

/** What still blocks the buyer from paying (Amazon's constraints; none means a redirect URL). */
export function constraintsOf(session: CheckoutSession): Constraint[] {
  if (session.state !== 'Open') return [];
  const constraints: Constraint[] = [];
  if (!session.buyerKey) {
    constraints.push({
      constraintId: 'BuyerNotAssociated',
      description:
        'There is no buyer associated with the Checkout Session. Return the checkout session id to the button to let the buyer sign in.',
    });
  }
  if (!session.webCheckoutDetails.checkoutResultReturnUrl) {
    constraints.push({ constraintId: 'CheckoutResultReturnUrlNotSet', description: 'checkoutResultReturnUrl is not set.' });
  }
  if (!session.paymentDetails.chargeAmount)
    constraints.push({ constraintId: 'ChargeAmountNotSet', description: 'chargeAmount is not set.' });
  if (!session.paymentDetails.paymentIntent)
    constraints.push({ constraintId: 'PaymentIntentNotSet', description: 'paymentIntent is not set.' });
  if (session.chargePermissionType === 'Recurring' && !session.recurringMetadata) {
    constraints.push({ constraintId: 'RecurringFrequencyNotSet', description: 'recurringMetadata.frequency is not set.' });
  }
  return constraints;
}

export function confirmPagePath(mountPath: string, checkoutSessionId: string): string {
  return `${mountPath}/checkout/${encodeURIComponent(checkoutSessionId)}/confirm`;
}

/** Buyer details limited to the scopes the merchant asked for (all when none were given). */
export function scoped(scopes: string[] | null, scope: string): boolean {
  return scopes === null || scopes.includes(scope);
}

export function checkoutSessionView(session: CheckoutSession, options: { publicUrl: string; mountPath: string }) {
  const buyer = sessionBuyer(session);
  const constraints = constraintsOf(session);
  const redirectUrl =
    session.state === 'Open' && constraints.length === 0
      ? `${options.publicUrl}${confirmPagePath(options.mountPath, session.checkoutSessionId)}`
      : null;
  return {
    checkoutSessionId: session.checkoutSessionId,
    webCheckoutDetails: { ...session.webCheckoutDetails, amazonPayRedirectUrl: redirectUrl, checkoutMode: null },
    productType: session.productType,
    paymentDetails: { ...session.paymentDetails, presentmentCurrency: 'JPY', allowOvercharge: null, extendExpiration: null },
    chargePermissionType: session.chargePermissionType,
    recurringMetadata: session.recurringMetadata,
    merchantMetadata: session.merchantMetadata,
    supplementaryData: null,
    buyer: buyer
      ? {
          buyerId: buyer.buyerId,
          name: scoped(session.scopes, 'name') ? buyer.name : null,
          email: scoped(session.scopes, 'email') ? buyer.email : null,
          phoneNumber: scoped(session.scopes, 'phoneNumber') ? buyer.phoneNumber : null,
          primeMembershipTypes: null,
        }
      : null,
    billingAddress: buyer && scoped(session.scopes, 'billingAddress') ? buyer.address : null,
    shippingAddress: buyer && session.productType === 'PayAndShip' ? buyer.address : null,
    paymentPreferences: buyer ? [{ paymentDescriptor: buyer.paymentDescriptor }] : null,
    statusDetails: {
      state: session.state,
      reasonCode: session.reasonCode,
      reasonDescription: session.reasonDescription,
      lastUpdatedTimestamp: amazonTimestamp(session.lastUpdatedAt),
    },
    platformId: null,
    chargePermissionId: session.chargePermissionId,
    chargeId: session.chargeId,
    constraints,
    creationTimestamp: amazonTimestamp(session.createdAt),
    expirationTimestamp: amazonTimestamp(sessionExpiresAt(session)),
    storeId: session.storeId,
    deliverySpecifications: null,
    providerMetadata: { providerReferenceId: null },
    checkoutButtonText: null,
    releaseEnvironment: 'Sandbox',
  };
}

export type CheckoutSessionView = ReturnType<typeof checkoutSessionView>;
