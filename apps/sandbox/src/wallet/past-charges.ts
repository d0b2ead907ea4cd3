// Wallet pay's charges made before this sandbox started (shared/payment-history.ts, ADR 072): each
// one Captured under a one-time charge permission of its own whose balance it used up, with what was
// refunded as one Refunded refund, so Create Refund finds the charge and bounds a new refund by what
// is left. The permission takes the charge's id (there is no checkout session behind it) and lapses
// 180 days after the payment like any one-time permission. No buyer detail travels in the history:
// the permission answers no name, e-mail, phone or address (no scopes), behind the first test buyer.
import type { FastifyInstance } from 'fastify';
import { paymentHistoryRoute, type PastPayment } from '../shared/payment-history';
import { jpy } from './amazon-format';
import { ONE_TIME_LIFETIME_MS } from './charge-permission';
import type { MerchantMetadata } from './session-store';
import { TEST_BUYERS } from './test-buyers';
import type { WalletContext } from './wallet-context';

const NO_METADATA: MerchantMetadata = { merchantReferenceId: null, merchantStoreName: null, noteToBuyer: null, customInformation: null };

export function holdPastCharge({ store }: WalletContext, payment: PastPayment): boolean {
  if (store.charges.has(payment.id) || store.chargePermissions.has(payment.id)) return false;
  const at = payment.paidAt;
  const permission = {
    chargePermissionId: payment.id,
    chargePermissionType: 'OneTime' as const,
    checkoutSessionId: '',
    buyerKey: TEST_BUYERS[0]!.key,
    scopes: [],
    productType: 'PayOnly' as const,
    recurringMetadata: null,
    merchantMetadata: NO_METADATA,
    state: 'Chargeable' as const,
    reasons: [],
    amountLimitYen: payment.amount,
    chargedYen: payment.amount,
    createdAt: at,
    expiresAt: new Date(at.getTime() + ONE_TIME_LIFETIME_MS),
    lastUpdatedAt: at,
    chargeCount: 1,
    refundCount: 0,
  };
  store.chargePermissions.set(permission.chargePermissionId, permission);
  store.charges.set(payment.id, {
    chargeId: payment.id,
    chargePermissionId: permission.chargePermissionId,
    chargeAmount: jpy(payment.amount),
    captureAmount: jpy(payment.amount),
    softDescriptor: null,
    merchantMetadata: NO_METADATA,
    state: 'Captured',
    reasonCode: null,
    reasonDescription: null,
    refundedYen: payment.refundedAmount,
    createdAt: at,
    lastUpdatedAt: at,
  });
  // The history has no refund dates: what was given back is one refund dated with the charge.
  if (payment.refundedAmount > 0) {
    const refundId = store.newRefundId(permission);
    store.refunds.set(refundId, {
      refundId,
      chargeId: payment.id,
      refundAmount: jpy(payment.refundedAmount),
      softDescriptor: null,
      state: 'Refunded',
      outcome: 'Refunded',
      reasonCode: null,
      reasonDescription: null,
      createdAt: at,
      lastUpdatedAt: at,
    });
  }
  return true;
}

export function pastChargesRoute(app: FastifyInstance, wallet: WalletContext): void {
  paymentHistoryRoute(app, {
    context: wallet.context,
    provider: 'wallet',
    hold: (payment) => holdPastCharge(wallet, payment),
  });
}
