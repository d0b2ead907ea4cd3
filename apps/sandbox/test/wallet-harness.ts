// Starts a sandbox for the wallet contract tests on a port known before it is built: the wallet's
// amazonPayRedirectUrl is made from SANDBOX_PUBLIC_URL, so the config must carry the real port.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';
import { approvePayment, openWalletPage, signInAs, walletButtonUrl } from '../src/wallet/buyer-browser';
import { createMerchantClient, type MerchantClient } from '../src/wallet/merchant-client';
import { signButtonPayload } from '../src/wallet/signature';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

export interface WalletSandbox {
  app: Awaited<ReturnType<typeof buildSandbox>>;
  base: string;
  /** The merchant API, signed like the official SDK with the sandbox's test key. */
  client: MerchantClient;
}

export async function startWalletSandbox(): Promise<WalletSandbox> {
  const port = await freePort();
  const app = await buildSandbox({ config: loadSandboxConfig({ SANDBOX_PORT: String(port) }), webhookRetryDelaysMs: [10] });
  const base = await app.listen({ port, host: '127.0.0.1' });
  const { privateKeyPem, publicKeyId } = SANDBOX_CREDENTIALS.wallet;
  return { app, base, client: createMerchantClient({ baseUrl: `${base}/wallet`, privateKeyPem, publicKeyId }) };
}

/** A fresh idempotency key within Amazon's 32-character limit. */
export const idempotencyKey = () => randomUUID().replace(/-/g, '');
export const yen = (amount: number) => ({ amount: String(amount), currencyCode: 'JPY' });

export const REVIEW_URL = 'http://kifu.test/redirect/wallet-pay/checkout-review';
export const RESULT_URL = 'http://kifu.test/redirect/wallet-pay/checkout-result';
export const MONTHLY = { frequency: { unit: 'Month', value: '1' }, amount: yen(3000) };

export interface CheckoutOptions {
  buyer: string;
  paymentIntent: 'AuthorizeWithCapture' | 'Confirm';
  chargePermissionType?: 'Recurring' | 'OneTime';
  amount?: number;
}

/**
 * A whole checkout, as the buyer's browser and the merchant run it: button, sign-in, the amount,
 * the buyer's approval, completion. Answers the completed session.
 */
export async function completedCheckout(
  { base, client }: Pick<WalletSandbox, 'base' | 'client'>,
  { buyer, paymentIntent, chargePermissionType = 'Recurring', amount = 3000 }: CheckoutOptions,
) {
  const { wallet } = SANDBOX_CREDENTIALS;
  const payloadJson = JSON.stringify({
    webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW_URL },
    storeId: wallet.storeId,
    chargePermissionType,
    ...(chargePermissionType === 'Recurring' ? { recurringMetadata: MONTHLY } : {}),
  });
  const { signInUrl, checkoutSessionId: id } = await openWalletPage(
    walletButtonUrl(`${base}/wallet`, {
      payloadJson,
      signature: signButtonPayload(payloadJson, wallet.privateKeyPem),
      publicKeyId: wallet.publicKeyId,
      algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
    }),
  );
  await signInAs(signInUrl, buyer);
  const updated = await client.updateCheckoutSession(id, {
    paymentDetails: { paymentIntent, chargeAmount: yen(amount) },
    webCheckoutDetails: { checkoutResultReturnUrl: RESULT_URL },
  });
  await approvePayment(updated.body.webCheckoutDetails.amazonPayRedirectUrl!);
  const completed = await client.completeCheckoutSession(id, { chargeAmount: yen(amount) }, idempotencyKey());
  if (completed.status !== 200) throw new Error(`checkout ${id} did not complete: ${completed.status} ${completed.body.reasonCode}`);
  return completed.body;
}
