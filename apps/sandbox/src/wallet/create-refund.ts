// The Refund object (https://developer.amazon.com/docs/amazon-pay-api-v2/refund.html): money of a
// captured charge sent back to the buyer, in full or in parts. Amazon processes refunds
// asynchronously: Create Refund answers RefundInitiated, and the refund later becomes Refunded or
// Declined. The sandbox settles a refund on the first read after its creation (Get Refund, Get
// Charge, the index page), so a client that polls sees the same two steps without waiting (ADR 063).
import { amazonTimestamp, jpy } from './amazon-format';
import { walletErrors } from './errors';
import type { Charge, ChargePermission, Refund, WalletStore } from './session-store';

/**
 * A refund of exactly this many yen is declined when it settles (AmazonRejected, what Amazon
 * answers e.g. while the merchant's balance is negative), so a merchant can try its handling of a
 * late refusal. An amount and not a buyer: any captured charge of at least this much can try it.
 */
export const DECLINED_REFUND_AMOUNT = 4_040;

/**
 * Amazon lets a merchant refund more than it captured, by 15% of the capture or ¥8,400, whichever
 * is less (refund.html, refundAmount); beyond that the refund is refused.
 */
const OVER_REFUND_SHARE = 0.15;
const OVER_REFUND_MAX_YEN = 8_400;

export interface RefundRequest {
  yen: number;
  softDescriptor: string | null;
}

function capturedYen(charge: Charge): number {
  return charge.captureAmount ? Number(charge.captureAmount.amount) : 0;
}

export function refundsOf(store: WalletStore, chargeId: string): Refund[] {
  return [...store.refunds.values()].filter((refund) => refund.chargeId === chargeId);
}

/** What may still be refunded: refunds under way count, declined ones gave their amount back. */
export function refundableYen(store: WalletStore, charge: Charge): number {
  const captured = capturedYen(charge);
  const allowance = Math.min(Math.floor(captured * OVER_REFUND_SHARE), OVER_REFUND_MAX_YEN);
  const committed = refundsOf(store, charge.chargeId)
    .filter((refund) => refund.state !== 'Declined')
    .reduce((sum, refund) => sum + Number(refund.refundAmount.amount), 0);
  return captured + allowance - committed;
}

/** Starts a refund (RefundInitiated), or refuses it as Create Refund does. */
export function createRefund(store: WalletStore, charge: Charge, permission: ChargePermission, request: RefundRequest, now: Date): Refund {
  if (charge.state !== 'Captured')
    throw walletErrors.invalidChargeStatus(`Charge ${charge.chargeId} is ${charge.state}; only a Captured charge can be refunded.`);
  const remaining = refundableYen(store, charge);
  if (request.yen > remaining) {
    throw walletErrors.transactionAmountExceeded(
      `refundAmount exceeds what charge ${charge.chargeId} can still refund (¥${Math.max(remaining, 0).toLocaleString('en-US')}).`,
    );
  }
  const refund: Refund = {
    refundId: store.newRefundId(permission),
    chargeId: charge.chargeId,
    refundAmount: jpy(request.yen),
    softDescriptor: request.softDescriptor,
    state: 'RefundInitiated',
    outcome: request.yen === DECLINED_REFUND_AMOUNT ? 'Declined' : 'Refunded',
    reasonCode: null,
    reasonDescription: null,
    createdAt: now,
    lastUpdatedAt: now,
  };
  store.refunds.set(refund.refundId, refund);
  return refund;
}

/** Moves a RefundInitiated refund to its outcome; true when it happened now. */
export function settleRefund(store: WalletStore, refund: Refund, now: Date): boolean {
  if (refund.state !== 'RefundInitiated') return false;
  refund.state = refund.outcome;
  refund.lastUpdatedAt = now;
  if (refund.outcome === 'Declined') {
    refund.reasonCode = 'AmazonRejected';
    refund.reasonDescription = `The wallet sandbox declines refunds of exactly ¥${DECLINED_REFUND_AMOUNT.toLocaleString('en-US')}.`;
    return true;
  }
  const charge = store.charges.get(refund.chargeId);
  if (charge) charge.refundedYen += Number(refund.refundAmount.amount);
  return true;
}

export function refundView(refund: Refund) {
  return {
    refundId: refund.refundId,
    chargeId: refund.chargeId,
    creationTimestamp: amazonTimestamp(refund.createdAt),
    refundAmount: refund.refundAmount,
    statusDetails: {
      state: refund.state,
      reasonCode: refund.reasonCode,
      reasonDescription: refund.reasonDescription,
      lastUpdatedTimestamp: amazonTimestamp(refund.lastUpdatedAt),
    },
    softDescriptor: refund.softDescriptor,
    releaseEnvironment: 'Sandbox',
  };
}

export type RefundView = ReturnType<typeof refundView>;
