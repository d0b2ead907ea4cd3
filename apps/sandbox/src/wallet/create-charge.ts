// The Charge object (https://developer.amazon.com/docs/amazon-pay-api-v2/charge.html): money taken
// under a charge permission, at checkout completion or later by the merchant (each month of a
// recurring donation). Declines come from the test buyer's payment method (test-buyers.ts).
import { amazonTimestamp, jpy } from './amazon-format';
import type { Charge, ChargePermission, MerchantMetadata, WalletStore } from './session-store';
import { authorizePayment, findTestBuyer } from './test-buyers';

/** Amazon keeps an authorization open 30 days. */
const CHARGE_LIFETIME_MS = 30 * 24 * 60 * 60_000;

export interface ChargeRequest {
  yen: number;
  captureNow: boolean;
  softDescriptor: string | null;
  merchantMetadata: MerchantMetadata;
}

/** Authorizes (and captures) a charge, or records it Declined. */
export function recordCharge(store: WalletStore, permission: ChargePermission, request: ChargeRequest, now: Date): Charge {
  const outcome = authorizePayment(findTestBuyer(permission.buyerKey)!, request.yen);
  const charge: Charge = {
    chargeId: store.newChargeId(permission),
    chargePermissionId: permission.chargePermissionId,
    chargeAmount: jpy(request.yen),
    captureAmount: outcome.approved && request.captureNow ? jpy(request.yen) : null,
    softDescriptor: request.softDescriptor,
    merchantMetadata: request.merchantMetadata,
    state: outcome.approved ? (request.captureNow ? 'Captured' : 'Authorized') : 'Declined',
    reasonCode: outcome.approved ? null : 'HardDeclined',
    reasonDescription: outcome.approved ? null : outcome.reasonDescription,
    refundedYen: 0,
    createdAt: now,
    lastUpdatedAt: now,
  };
  if (outcome.approved) {
    permission.chargedYen += request.yen;
    permission.lastUpdatedAt = now;
  }
  store.charges.set(charge.chargeId, charge);
  return charge;
}

export function captureCharge(charge: Charge, yen: number, softDescriptor: string | null, now: Date): void {
  charge.state = 'Captured';
  charge.captureAmount = jpy(yen);
  charge.softDescriptor = softDescriptor ?? charge.softDescriptor;
  charge.lastUpdatedAt = now;
}

export function chargeView(charge: Charge) {
  return {
    chargeId: charge.chargeId,
    chargePermissionId: charge.chargePermissionId,
    chargeAmount: charge.chargeAmount,
    captureAmount: charge.captureAmount,
    refundedAmount: jpy(charge.refundedYen),
    convertedAmount: null,
    conversionRate: null,
    softDescriptor: charge.softDescriptor,
    merchantMetadata: charge.merchantMetadata,
    providerMetadata: { providerReferenceId: null },
    statusDetails: {
      state: charge.state,
      reasonCode: charge.reasonCode,
      reasonDescription: charge.reasonDescription,
      lastUpdatedTimestamp: amazonTimestamp(charge.lastUpdatedAt),
    },
    creationTimestamp: amazonTimestamp(charge.createdAt),
    expirationTimestamp: amazonTimestamp(new Date(charge.createdAt.getTime() + CHARGE_LIFETIME_MS)),
    releaseEnvironment: 'Sandbox',
  };
}

export type ChargeView = ReturnType<typeof chargeView>;
