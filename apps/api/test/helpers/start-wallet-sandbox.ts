// The provider sandbox (start-sandbox.ts) plus what the buyer's browser does on the wallet pages,
// through the sandbox's own buyer-browser (it submits the forms the pages render, so a broken page
// breaks these tests too): click the signed button, sign in as a test buyer, approve or cancel.
import {
  approvePayment,
  cancelOnPage,
  openWalletPage,
  signInAs,
  walletButtonUrl,
  type BuyerStep,
} from '@kifu/sandbox/wallet/buyer-browser';
import type { UpdateCheckoutSessionInput, WalletButtonSignature, WalletGateway } from '../../src/providers/wallet/wallet-gateway';
import { startSandbox } from './start-sandbox';

/** Test buyers of apps/sandbox/src/wallet/test-buyers.ts. */
export type TestBuyerKey = 'hanako' | 'taro' | 'declined' | 'limited';

/** The web origin the tests give the API; the provider sends the buyer back there. */
export const TEST_WEB_ORIGIN = 'http://localhost:3100';

export type WalletSandbox = Awaited<ReturnType<typeof startWalletSandbox>>;

/** `env` overrides the sandbox configuration, e.g. another WALLET_PUBLIC_KEY_ID. */
export async function startWalletSandbox(env: Record<string, string> = {}) {
  const sandbox = await startSandbox(env);
  const walletUrl = `${sandbox.url}/wallet`;

  /** The button click (checkout.js does it in a browser): a new session and its sign-in page. */
  async function clickButton(button: WalletButtonSignature) {
    const url = walletButtonUrl(walletUrl, {
      payloadJson: button.payloadJSON,
      signature: button.signature,
      publicKeyId: button.publicKeyId,
      algorithm: button.algorithm,
      productType: 'PayOnly',
    });
    return openWalletPage(url);
  }

  /** Signs in on the session's page: answers the checkout session id and where the provider sent the buyer. */
  async function signIn(
    button: WalletButtonSignature,
    buyer: TestBuyerKey,
  ): Promise<{ sessionId: string; signInUrl: string; returned: BuyerStep }> {
    const opened = await clickButton(button);
    const returned = await signInAs(opened.signInUrl, buyer);
    return { sessionId: opened.checkoutSessionId, signInUrl: opened.signInUrl, returned };
  }

  /**
   * A checkout up to the buyer's approval, as the review and result steps run it: sign in, our
   * update with the amount, the buyer pays on the provider's page. Completing is left to the test.
   */
  async function checkoutUntilApproved(
    gateway: WalletGateway,
    options: { buyer: TestBuyerKey; amount: number; monthly?: boolean; update?: Partial<UpdateCheckoutSessionInput> },
  ): Promise<{ sessionId: string; approved: BuyerStep }> {
    const button = gateway.createButtonSignature({
      checkoutReviewReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-review`,
      ...(options.monthly ? { monthlyAmount: options.amount } : {}),
    });
    const { sessionId } = await signIn(button, options.buyer);
    const updated = await gateway.updateCheckoutSession(sessionId, {
      amount: options.amount,
      checkoutResultReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-result`,
      monthly: options.monthly,
      ...options.update,
    });
    if (!updated.redirectUrl) throw new Error(`session ${sessionId} has no redirectUrl after the update`);
    return { sessionId, approved: await approvePayment(updated.redirectUrl) };
  }

  /**
   * After a request the client aborted (a provider timeout), fetch may leave a connection open that
   * never carries a request; the server's close() waits for such connections until its headers
   * timeout (a minute). At teardown nothing is in flight any more, so they are closed outright.
   */
  async function close(): Promise<void> {
    const closing = sandbox.close();
    sandbox.app.server.closeAllConnections();
    await closing;
  }

  return { ...sandbox, walletUrl, clickButton, signIn, checkoutUntilApproved, approvePayment, cancelOnPage, close };
}
