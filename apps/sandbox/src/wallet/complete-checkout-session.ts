// Complete Checkout Session: the merchant confirms, after the buyer came back to
// checkoutResultReturnUrl, that it accepts the amount the buyer approved. Success leaves a charge
// permission and, unless paymentIntent is Confirm, a charge. The buyer's payment was already
// authorized (or declined, which cancels the session) on the amazonPayRedirectUrl page, as on
// Amazon's hosted page, so a declined checkout answers CheckoutSessionCanceled here.
import { assertWithinChargeLimit } from './checkout-session';
import { openChargePermission } from './charge-permission';
import { recordCharge } from './create-charge';
import { walletErrors } from './errors';
import { toYen, type PriceInput } from './request-schemas';
import type { Charge, ChargePermission, CheckoutSession, WalletStore } from './session-store';

export interface CompleteRequest {
  chargeAmount: PriceInput;
}

export function completeCheckoutSession(
  store: WalletStore,
  session: CheckoutSession,
  request: CompleteRequest,
  now: Date,
): { permission: ChargePermission; charge: Charge | null } {
  if (session.state === 'Canceled') throw walletErrors.checkoutSessionCanceled(session.reasonCode);
  if (session.state === 'Completed')
    throw walletErrors.invalidCheckoutSessionStatus(
      'The checkout session is already Completed; get it to read chargePermissionId and chargeId.',
    );
  if (!session.buyerConfirmedAt) {
    throw walletErrors.invalidCheckoutSessionStatus(
      'The buyer has not approved the payment at amazonPayRedirectUrl yet; redirect the buyer there first.',
    );
  }
  const agreed = session.paymentDetails.chargeAmount!;
  if (request.chargeAmount.currencyCode !== agreed.currencyCode) {
    throw walletErrors.currencyMismatch(
      `chargeAmount.currencyCode ${request.chargeAmount.currencyCode} does not match the checkout session's ${agreed.currencyCode}.`,
    );
  }
  const yen = toYen(request.chargeAmount, 'chargeAmount');
  assertWithinChargeLimit(yen, 'chargeAmount');
  if (String(yen) !== agreed.amount) {
    throw walletErrors.amountMismatch(
      `chargeAmount ${yen} does not match paymentDetails.chargeAmount ${agreed.amount} of the checkout session.`,
    );
  }

  const permission = openChargePermission(store, session, yen, now);
  const intent = session.paymentDetails.paymentIntent;
  const charge =
    intent === 'Confirm'
      ? null
      : recordCharge(
          store,
          permission,
          {
            yen,
            captureNow: intent === 'AuthorizeWithCapture',
            softDescriptor: session.paymentDetails.softDescriptor,
            merchantMetadata: session.merchantMetadata,
          },
          now,
        );
  session.state = 'Completed';
  session.reasonCode = null;
  session.reasonDescription = null;
  session.chargePermissionId = permission.chargePermissionId;
  session.chargeId = charge?.chargeId ?? null;
  session.lastUpdatedAt = now;
  return { permission, charge };
}
