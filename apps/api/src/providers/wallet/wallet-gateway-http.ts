// The wallet gateway over the provider's signed HTTP API (providers.md "Wallet pay"): Amazon Pay
// Checkout v2 requests, so pointing WALLET_API_URL and the keys at the real provider is
// configuration only. Reads go through wallet-wire-format.ts; failures are ProviderErrors.
import type { Config } from '../../config/env';
import { signButtonPayload, WALLET_SIGNATURE_ALGORITHM } from './request-signature';
import { SignedWalletClient, type WalletClientConfig } from './signed-wallet-client';
import type {
  CreateRecurringChargeInput,
  UpdateCheckoutSessionInput,
  WalletButtonInput,
  WalletButtonSignature,
  WalletCharge,
  WalletChargePermission,
  WalletCheckoutSession,
  WalletGateway,
  WalletRefund,
} from './wallet-gateway';
import {
  chargeJson,
  chargePermissionJson,
  checkoutSessionJson,
  jpy,
  refundJson,
  toCharge,
  toChargePermission,
  toCheckoutSession,
  toRefund,
} from './wallet-wire-format';

export type WalletGatewayConfig = WalletClientConfig & Pick<Config, 'WALLET_STORE_ID'>;

/**
 * Buyer details the checkout may share: what the donation form fills in (names, email) and the
 * billing address. No phone number and no shipping address: Kifu ships nothing (PayOnly) and
 * asks for no more personal data than it uses.
 */
export const WALLET_SCOPES = ['name', 'email', 'billingAddress'] as const;

/** Monthly donations: one charge a month, every month (spec §3 frequency monthly). */
function monthlyMetadata(amount: number) {
  return { frequency: { unit: 'Month', value: '1' }, amount: jpy(amount) };
}

const id = (value: string) => encodeURIComponent(value);

export class HttpWalletGateway implements WalletGateway {
  private readonly client: SignedWalletClient;

  constructor(
    private readonly config: WalletGatewayConfig,
    now?: () => Date,
  ) {
    this.client = new SignedWalletClient(config, now);
  }

  createButtonSignature(input: WalletButtonInput): WalletButtonSignature {
    const payload = {
      webCheckoutDetails: {
        checkoutReviewReturnUrl: input.checkoutReviewReturnUrl,
        ...(input.checkoutCancelUrl === undefined ? {} : { checkoutCancelUrl: input.checkoutCancelUrl }),
      },
      storeId: this.config.WALLET_STORE_ID,
      scopes: [...WALLET_SCOPES],
      ...(input.monthlyAmount === undefined
        ? { chargePermissionType: 'OneTime' }
        : { chargePermissionType: 'Recurring', recurringMetadata: monthlyMetadata(input.monthlyAmount) }),
      ...(input.customInformation === undefined ? {} : { merchantMetadata: { customInformation: input.customInformation } }),
    };
    const payloadJSON = JSON.stringify(payload);
    return {
      payloadJSON,
      signature: signButtonPayload(payloadJSON, this.client.privateKey),
      publicKeyId: this.client.publicKeyId,
      algorithm: WALLET_SIGNATURE_ALGORITHM,
    };
  }

  async getCheckoutSession(sessionId: string): Promise<WalletCheckoutSession> {
    return toCheckoutSession(await this.client.call(checkoutSessionJson, 'GET', `checkoutSessions/${id(sessionId)}`));
  }

  async updateCheckoutSession(sessionId: string, input: UpdateCheckoutSessionInput): Promise<WalletCheckoutSession> {
    const body = {
      webCheckoutDetails: { checkoutResultReturnUrl: input.checkoutResultReturnUrl },
      // Authorised and captured when the buyer approves: a donation has nothing to ship first.
      // No pending authorisations: the buyer learns at once whether the payment went through.
      paymentDetails: { paymentIntent: 'AuthorizeWithCapture', canHandlePendingAuthorization: false, chargeAmount: jpy(input.amount) },
      ...(input.monthly ? { recurringMetadata: monthlyMetadata(input.amount) } : {}),
      ...(input.merchantReferenceId === undefined ? {} : { merchantMetadata: { merchantReferenceId: input.merchantReferenceId } }),
    };
    return toCheckoutSession(await this.client.call(checkoutSessionJson, 'PATCH', `checkoutSessions/${id(sessionId)}`, { body }));
  }

  async completeCheckoutSession(sessionId: string, amount: number, idempotencyKey: string): Promise<WalletCheckoutSession> {
    const body = { chargeAmount: jpy(amount) };
    return toCheckoutSession(
      await this.client.call(checkoutSessionJson, 'POST', `checkoutSessions/${id(sessionId)}/complete`, { body, idempotencyKey }),
    );
  }

  async createRecurringCharge(input: CreateRecurringChargeInput): Promise<WalletCharge> {
    const body = {
      chargePermissionId: input.chargePermissionId,
      chargeAmount: jpy(input.amount),
      captureNow: true,
      canHandlePendingAuthorization: false,
    };
    return toCharge(await this.client.call(chargeJson, 'POST', 'charges', { body, idempotencyKey: input.idempotencyKey }));
  }

  async getChargePermission(permissionId: string): Promise<WalletChargePermission> {
    return toChargePermission(await this.client.call(chargePermissionJson, 'GET', `chargePermissions/${id(permissionId)}`));
  }

  async closeChargePermission(permissionId: string, reason: string): Promise<WalletChargePermission> {
    // Amazon limits closureReason to 255 characters; cancelPendingCharges false keeps a charge
    // already under way (a month being collected) instead of voiding it.
    const body = { closureReason: reason.slice(0, 255), cancelPendingCharges: false };
    return toChargePermission(
      await this.client.call(chargePermissionJson, 'DELETE', `chargePermissions/${id(permissionId)}/close`, { body }),
    );
  }

  async refund(chargeId: string, amount: number, idempotencyKey: string): Promise<WalletRefund> {
    // No softDescriptor: the buyer's statement then names the store, as it did for the gift.
    const body = { chargeId, refundAmount: jpy(amount) };
    return toRefund(await this.client.call(refundJson, 'POST', 'refunds', { body, idempotencyKey }));
  }

  async getRefund(refundId: string): Promise<WalletRefund> {
    return toRefund(await this.client.call(refundJson, 'GET', `refunds/${id(refundId)}`));
  }
}

export function createHttpWalletGateway(config: WalletGatewayConfig): WalletGateway {
  return new HttpWalletGateway(config);
}
