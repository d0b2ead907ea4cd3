// Update Checkout Session (PATCH): the merchant sets the amount, the payment intent and the result
// URL once it has shown the buyer the review page. Every value is checked before any is applied,
// so a refused update changes nothing.
import { chargeAmountFrom, toMerchantMetadata, toRecurringMetadata } from './checkout-session';
import { walletErrors } from './errors';
import { jpy } from './amazon-format';
import { toYen, type UpdateCheckoutSessionInput } from './request-schemas';
import type { CheckoutSession } from './session-store';

export function updateCheckoutSession(session: CheckoutSession, input: UpdateCheckoutSessionInput, now: Date): void {
  if (session.state !== 'Open')
    throw walletErrors.invalidCheckoutSessionStatus(
      `The checkout session is ${session.state}; only an Open checkout session can be updated.`,
    );
  if (session.buyerConfirmedAt) {
    throw walletErrors.invalidCheckoutSessionStatus(
      'The buyer already approved the payment at amazonPayRedirectUrl; complete the checkout session instead of updating it.',
    );
  }
  const details = input.paymentDetails;
  const chargeAmount = details?.chargeAmount
    ? chargeAmountFrom(details.chargeAmount, 'paymentDetails.chargeAmount')
    : session.paymentDetails.chargeAmount;
  const totalOrderAmount = details?.totalOrderAmount
    ? jpy(toYen(details.totalOrderAmount, 'paymentDetails.totalOrderAmount'))
    : session.paymentDetails.totalOrderAmount;
  const recurringMetadata = input.recurringMetadata ? toRecurringMetadata(input.recurringMetadata) : session.recurringMetadata;
  if (input.recurringMetadata && session.chargePermissionType !== 'Recurring') {
    throw walletErrors.invalidParameter('recurringMetadata is only allowed when chargePermissionType is Recurring.');
  }

  const web = input.webCheckoutDetails;
  session.webCheckoutDetails = {
    checkoutReviewReturnUrl: web?.checkoutReviewReturnUrl ?? session.webCheckoutDetails.checkoutReviewReturnUrl,
    checkoutResultReturnUrl: web?.checkoutResultReturnUrl ?? session.webCheckoutDetails.checkoutResultReturnUrl,
    checkoutCancelUrl: web?.checkoutCancelUrl ?? session.webCheckoutDetails.checkoutCancelUrl,
  };
  session.paymentDetails = {
    paymentIntent: details?.paymentIntent ?? session.paymentDetails.paymentIntent,
    canHandlePendingAuthorization: details?.canHandlePendingAuthorization ?? session.paymentDetails.canHandlePendingAuthorization,
    chargeAmount,
    totalOrderAmount,
    softDescriptor: details?.softDescriptor ?? session.paymentDetails.softDescriptor,
  };
  session.recurringMetadata = recurringMetadata;
  session.merchantMetadata = toMerchantMetadata(input.merchantMetadata, session.merchantMetadata);
  session.lastUpdatedAt = now;
}
