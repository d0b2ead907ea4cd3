// What Kifu needs from the wallet payment provider, in its own words (providers.md "Wallet pay",
// architecture.md §4 wallet pay flow: button signature → checkout → review → update session →
// result → complete). The signed HTTP adapter (wallet-gateway-http.ts) implements it for an Amazon
// Pay Checkout v2-like provider; routes, jobs and tests depend on this interface only. Every method
// that reaches the provider rejects with a ProviderError (provider 'wallet', code = the provider's
// reasonCode, e.g. CheckoutSessionCanceled, AmountMismatch, HardDeclined, ResourceNotFound,
// InvalidChargeStatus, TransactionAmountExceeded).

/** provider column value of wallet payments. */
export const WALLET_PROVIDER = 'wallet';
/** A checkout session still Open this long after creation is Canceled (Expired) by the provider. */
export const WALLET_CHECKOUT_SESSION_TTL_MS = 24 * 60 * 60_000;

/** Open → Completed | Canceled; a session still Open after 24 hours reads as Canceled (Expired). */
export type WalletCheckoutState = 'Open' | 'Completed' | 'Canceled';

/** Why a session was canceled: BuyerCanceled, Expired, AmazonCanceled or Declined (providers.md). */
export type WalletCancelReason = 'BuyerCanceled' | 'Expired' | 'AmazonCanceled' | 'Declined';

export interface WalletBuyer {
  name: string;
  email: string;
  /** Only when the provider shares it; the button does not ask for it (data minimisation). */
  phone?: string;
}

/** The buyer's billing address as the provider holds it (Japanese order: state, city, lines). */
export interface WalletAddress {
  name: string;
  postalCode: string;
  stateOrRegion: string;
  city: string;
  addressLine1: string;
  addressLine2: string | null;
  addressLine3: string | null;
  countryCode: string;
}

export interface WalletCheckoutSession {
  id: string;
  state: WalletCheckoutState;
  /** Set on Canceled sessions (a WalletCancelReason, or whatever new reason the provider adds). */
  reasonCode: string | null;
  /** OneTime for single donations, Recurring for monthly ones. */
  chargePermissionType: 'OneTime' | 'Recurring';
  /** Null until the buyer signed in on the provider's page. */
  buyer: WalletBuyer | null;
  billingAddress: WalletAddress | null;
  /** Yen the merchant set with updateCheckoutSession; null before. */
  amount: number | null;
  /** Where the buyer approves the payment; set once the session is Open and has everything it needs. */
  redirectUrl: string | null;
  /** Set once Completed. */
  chargeId: string | null;
  chargePermissionId: string | null;
  expiresAt: Date;
}

/** What a button (the provider's checkout start) carries; the gateway adds the store and signs it. */
export interface WalletButtonInput {
  /** Our page the buyer returns to after signing in (…/redirect/wallet-pay/checkout-review). */
  checkoutReviewReturnUrl: string;
  /** Our page a buyer who cancels on the provider's page returns to. */
  checkoutCancelUrl?: string;
  /** Monthly donations: a recurring charge permission for this many yen a month. */
  monthlyAmount?: number;
  /** Free text the provider keeps on the session and shows nobody (e.g. which donation form). */
  customInformation?: string;
}

/** The signed button configuration the page renders (Amazon's createCheckoutSessionConfig). */
export interface WalletButtonSignature {
  /** The exact string that was signed: send it unchanged. */
  payloadJSON: string;
  signature: string;
  publicKeyId: string;
  algorithm: string;
}

export interface UpdateCheckoutSessionInput {
  /** Yen to charge (authorised and captured at once). */
  amount: number;
  /** Our page the buyer returns to after approving (…/redirect/wallet-pay/checkout-result). */
  checkoutResultReturnUrl: string;
  /** Monthly donations restate the monthly amount the buyer agrees to. */
  monthly?: boolean;
  /** Our reference (a donation id), kept by the provider for reconciliation. */
  merchantReferenceId?: string;
}

export type WalletChargeState = 'AuthorizationInitiated' | 'Authorized' | 'Captured' | 'Declined' | 'Canceled' | (string & {});

export interface WalletCharge {
  id: string;
  chargePermissionId: string;
  state: WalletChargeState;
  /** Yen. */
  amount: number;
  capturedAmount: number | null;
  reasonCode: string | null;
}

export type WalletChargePermissionState = 'Chargeable' | 'NonChargeable' | 'Closed' | (string & {});

export interface WalletChargePermission {
  id: string;
  type: 'OneTime' | 'Recurring';
  state: WalletChargePermissionState;
  /** Why it is NonChargeable or Closed, e.g. MerchantClosed, Expired. */
  reasonCodes: string[];
  expiresAt: Date | null;
}

export interface CreateRecurringChargeInput {
  chargePermissionId: string;
  /** Yen. */
  amount: number;
  /** One key per cycle of one recurring donation: a retry replays the first answer. */
  idempotencyKey: string;
}

/**
 * The provider refunds asynchronously (ADR 063): a new refund is pending, and becomes refunded or
 * declined later, seen by getRefund.
 */
export type WalletRefundState = 'pending' | 'refunded' | 'declined';

export interface WalletRefund {
  id: string;
  chargeId: string;
  /** Yen. */
  amount: number;
  state: WalletRefundState;
  /** The provider's reasonCode, e.g. AmazonRejected on a declined refund; null otherwise. */
  reason: string | null;
}

export interface WalletGateway {
  /** Signs a button payload locally (no request): what the checkout script needs to start checkout. */
  createButtonSignature(input: WalletButtonInput): WalletButtonSignature;
  /** The session as the provider knows it now: buyer, state and, once completed, the charge. */
  getCheckoutSession(id: string): Promise<WalletCheckoutSession>;
  /** Sets the amount and the result URL after our review page; answers the redirectUrl to approve at. */
  updateCheckoutSession(id: string, input: UpdateCheckoutSessionInput): Promise<WalletCheckoutSession>;
  /**
   * Confirms the amount the buyer approved; Completed with chargeId and chargePermissionId. A
   * declined buyer's session is Canceled (Declined) and this rejects with CheckoutSessionCanceled.
   */
  completeCheckoutSession(id: string, amount: number, idempotencyKey: string): Promise<WalletCheckoutSession>;
  /** The merchant's own monthly charge under a recurring permission, captured at once. */
  createRecurringCharge(input: CreateRecurringChargeInput): Promise<WalletCharge>;
  getChargePermission(id: string): Promise<WalletChargePermission>;
  /** Ends a recurring permission (a stopped monthly donation); closing twice is harmless. */
  closeChargePermission(id: string, reason: string): Promise<WalletChargePermission>;
  /**
   * Pays `amount` yen of a captured charge back to the buyer; the same idempotency key answers the
   * same refund. The provider accepts refunds up to 15% (at most ¥8,400) above the charge, so the
   * caller bounds the amount by what its gift has left (ADR 063).
   */
  refund(chargeId: string, amount: number, idempotencyKey: string): Promise<WalletRefund>;
  getRefund(refundId: string): Promise<WalletRefund>;
}
