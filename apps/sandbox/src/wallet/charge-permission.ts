// The Charge Permission object (https://developer.amazon.com/docs/amazon-pay-api-v2/charge-permission.html):
// what a completed checkout leaves behind so the merchant can charge the buyer later. One-time
// permissions may charge up to the checkout amount and expire after 180 days; recurring ones
// (monthly donations) charge every cycle until closed.
import { amazonTimestamp, jpy } from './amazon-format';
import { scoped } from './checkout-session';
import type { ChargePermission, CheckoutSession, WalletStore } from './session-store';
import { findTestBuyer } from './test-buyers';

export const ONE_TIME_LIFETIME_MS = 180 * 24 * 60 * 60_000;

export function openChargePermission(store: WalletStore, session: CheckoutSession, amountYen: number, now: Date): ChargePermission {
  const oneTime = session.chargePermissionType === 'OneTime';
  const permission: ChargePermission = {
    chargePermissionId: store.newChargePermissionId(session.chargePermissionType),
    chargePermissionType: session.chargePermissionType,
    checkoutSessionId: session.checkoutSessionId,
    buyerKey: session.buyerKey!,
    scopes: session.scopes,
    productType: session.productType,
    recurringMetadata: session.recurringMetadata,
    merchantMetadata: session.merchantMetadata,
    state: 'Chargeable',
    reasons: [],
    amountLimitYen: oneTime ? amountYen : null,
    chargedYen: 0,
    createdAt: now,
    expiresAt: oneTime ? new Date(now.getTime() + ONE_TIME_LIFETIME_MS) : null,
    lastUpdatedAt: now,
    chargeCount: 0,
    refundCount: 0,
  };
  store.chargePermissions.set(permission.chargePermissionId, permission);
  return permission;
}

/** Applies the 180-day expiry of one-time permissions; true when it happened now. */
export function settlePermissionExpiry(permission: ChargePermission, now: Date): boolean {
  if (permission.state === 'Closed' || !permission.expiresAt || now < permission.expiresAt) return false;
  closePermission(permission, 'Expired', 'The charge permission expired.', permission.expiresAt);
  return true;
}

export function closePermission(
  permission: ChargePermission,
  reasonCode: 'MerchantClosed' | 'Expired',
  reasonDescription: string | null,
  at: Date,
): void {
  permission.state = 'Closed';
  permission.reasons = [{ reasonCode, reasonDescription }];
  permission.lastUpdatedAt = at;
}

export function chargePermissionView(permission: ChargePermission) {
  const buyer = findTestBuyer(permission.buyerKey)!;
  return {
    chargePermissionId: permission.chargePermissionId,
    chargePermissionReferenceId: null,
    chargePermissionType: permission.chargePermissionType,
    recurringMetadata: permission.recurringMetadata,
    buyer: {
      buyerId: buyer.buyerId,
      name: scoped(permission.scopes, 'name') ? buyer.name : null,
      email: scoped(permission.scopes, 'email') ? buyer.email : null,
      phoneNumber: scoped(permission.scopes, 'phoneNumber') ? buyer.phoneNumber : null,
      primeMembershipTypes: null,
    },
    billingAddress: scoped(permission.scopes, 'billingAddress') ? buyer.address : null,
    shippingAddress: permission.productType === 'PayAndShip' ? buyer.address : null,
    paymentPreferences: [{ paymentDescriptor: buyer.paymentDescriptor }],
    statusDetails: {
      state: permission.state,
      reasons: permission.reasons.length > 0 ? permission.reasons : null,
      lastUpdatedTimestamp: amazonTimestamp(permission.lastUpdatedAt),
    },
    limits:
      permission.amountLimitYen === null
        ? null
        : {
            amountLimit: jpy(permission.amountLimitYen),
            amountBalance: jpy(Math.max(0, permission.amountLimitYen - permission.chargedYen)),
          },
    merchantMetadata: permission.merchantMetadata,
    platformId: null,
    presentmentCurrency: 'JPY',
    creationTimestamp: amazonTimestamp(permission.createdAt),
    expirationTimestamp: permission.expiresAt ? amazonTimestamp(permission.expiresAt) : null,
    releaseEnvironment: 'Sandbox',
  };
}

export type ChargePermissionView = ReturnType<typeof chargePermissionView>;
