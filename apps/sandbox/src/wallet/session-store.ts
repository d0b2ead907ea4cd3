// The wallet emulator's memory: checkout sessions, charge permissions, charges, refunds and the
// answers stored under idempotency keys. Nothing survives POST /__control/reset or a restart, like any
// sandbox state (architecture: the sandbox keeps no database).
import { randomInt } from 'node:crypto';
import type { Price } from './amazon-format';

export type PaymentIntent = 'Confirm' | 'Authorize' | 'AuthorizeWithCapture';
export type ChargePermissionType = 'OneTime' | 'Recurring';
export type ProductType = 'PayAndShip' | 'PayOnly';

export interface RecurringMetadata {
  frequency: { unit: string; value: string };
  amount: Price | null;
}

export interface MerchantMetadata {
  merchantReferenceId: string | null;
  merchantStoreName: string | null;
  noteToBuyer: string | null;
  customInformation: string | null;
}

export interface CheckoutSession {
  checkoutSessionId: string;
  storeId: string;
  productType: ProductType;
  webCheckoutDetails: { checkoutReviewReturnUrl: string | null; checkoutResultReturnUrl: string | null; checkoutCancelUrl: string | null };
  paymentDetails: {
    paymentIntent: PaymentIntent | null;
    canHandlePendingAuthorization: boolean;
    chargeAmount: Price | null;
    totalOrderAmount: Price | null;
    softDescriptor: string | null;
  };
  chargePermissionType: ChargePermissionType;
  recurringMetadata: RecurringMetadata | null;
  merchantMetadata: MerchantMetadata;
  /** Buyer details the merchant asked for; null means all of them. */
  scopes: string[] | null;
  buyerKey: string | null;
  /** Set when the buyer approved the payment on the amazonPayRedirectUrl page. */
  buyerConfirmedAt: Date | null;
  state: 'Open' | 'Completed' | 'Canceled';
  reasonCode: string | null;
  reasonDescription: string | null;
  createdAt: Date;
  lastUpdatedAt: Date;
  chargePermissionId: string | null;
  chargeId: string | null;
}

export interface ChargePermission {
  chargePermissionId: string;
  chargePermissionType: ChargePermissionType;
  checkoutSessionId: string;
  buyerKey: string;
  scopes: string[] | null;
  productType: ProductType;
  recurringMetadata: RecurringMetadata | null;
  merchantMetadata: MerchantMetadata;
  state: 'Chargeable' | 'NonChargeable' | 'Closed';
  reasons: { reasonCode: string; reasonDescription: string | null }[];
  /** One-time permissions may charge up to the checkout amount in total; recurring ones have no cap. */
  amountLimitYen: number | null;
  chargedYen: number;
  createdAt: Date;
  expiresAt: Date | null;
  lastUpdatedAt: Date;
  chargeCount: number;
  /** Refunds of its charges are numbered under the permission too ("…-R000001"). */
  refundCount: number;
}

export interface Charge {
  chargeId: string;
  chargePermissionId: string;
  chargeAmount: Price;
  captureAmount: Price | null;
  softDescriptor: string | null;
  merchantMetadata: MerchantMetadata;
  state: 'Authorized' | 'Captured' | 'Declined';
  reasonCode: string | null;
  reasonDescription: string | null;
  /** Yen of its refunds that reached Refunded: the charge's refundedAmount. */
  refundedYen: number;
  createdAt: Date;
  lastUpdatedAt: Date;
}

export type RefundState = 'RefundInitiated' | 'Refunded' | 'Declined';

export interface Refund {
  refundId: string;
  chargeId: string;
  refundAmount: Price;
  softDescriptor: string | null;
  state: RefundState;
  /** Where the refund ends when it settles, decided at creation and shown only then (create-refund.ts). */
  outcome: 'Refunded' | 'Declined';
  reasonCode: string | null;
  reasonDescription: string | null;
  createdAt: Date;
  lastUpdatedAt: Date;
}

/** What a request answered, kept under its idempotency key to be replayed. */
export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

export class WalletStore {
  readonly sessions = new Map<string, CheckoutSession>();
  readonly chargePermissions = new Map<string, ChargePermission>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly answers = new Map<string, StoredAnswer>();

  clear(): void {
    this.sessions.clear();
    this.chargePermissions.clear();
    this.charges.clear();
    this.refunds.clear();
    this.answers.clear();
  }

  /**
   * Amazon Pay reference ids look like "S01-1234567-7654321": S01 for one-time charge
   * permissions, B01 for recurring ones; charges append "-C000001", refunds "-R000001".
   */
  newChargePermissionId(type: ChargePermissionType): string {
    const digits = () => String(randomInt(1_000_000, 10_000_000));
    let id: string;
    do id = `${type === 'Recurring' ? 'B01' : 'S01'}-${digits()}-${digits()}`;
    while (this.chargePermissions.has(id));
    return id;
  }

  newChargeId(permission: ChargePermission): string {
    permission.chargeCount += 1;
    return `${permission.chargePermissionId}-C${String(permission.chargeCount).padStart(6, '0')}`;
  }

  newRefundId(permission: ChargePermission): string {
    permission.refundCount += 1;
    return `${permission.chargePermissionId}-R${String(permission.refundCount).padStart(6, '0')}`;
  }

  recentSessions(limit: number): CheckoutSession[] {
    return [...this.sessions.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
  }

  recentRefunds(limit: number): Refund[] {
    return [...this.refunds.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
  }
}
