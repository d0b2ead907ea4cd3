// Contract of the wallet button: checkout.js renders it like amazon.Pay.renderButton, and the
// wallet page accepts only a payload signed with the merchant's key (as the SDK's
// generateButtonSignature signs it).
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';
import { openWalletPage, visitWalletPage, walletButtonUrl } from '../src/wallet/buyer-browser';
import { signButtonPayload } from '../src/wallet/signature';

const { wallet } = SANDBOX_CREDENTIALS;
const REVIEW = 'http://kifu.test/redirect/wallet-pay/checkout-review';
const PAYLOAD = {
  webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW, checkoutResultReturnUrl: 'http://kifu.test/result' },
  storeId: wallet.storeId,
};

interface SdkClient {
  generateButtonSignature(payload: unknown): string;
}
const sdk = createRequire(import.meta.url)('@amazonpay/amazon-pay-api-sdk-nodejs') as {
  WebStoreClient: new (config: Record<string, unknown>) => SdkClient;
};

let app: Awaited<ReturnType<typeof buildSandbox>>;
let base: string;

beforeAll(async () => {
  app = await buildSandbox({ config: loadSandboxConfig({}), webhookRetryDelaysMs: [10] });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await fetch(`${base}/__control/reset`, { method: 'POST' });
});
afterAll(() => app.close());

function signedButton(
  payloadJson: string,
  algorithm?: 'AMZN-PAY-RSASSA-PSS-V2' | 'AMZN-PAY-RSASSA-PSS',
  signature = signButtonPayload(payloadJson, wallet.privateKeyPem, algorithm),
) {
  return walletButtonUrl(`${base}/wallet`, { payloadJson, signature, publicKeyId: wallet.publicKeyId, algorithm });
}

async function sessionCount(): Promise<number> {
  const { activity } = (await (await fetch(`${base}/__control/activity`)).json()) as { activity: { action: string }[] };
  return activity.filter((entry) => entry.action === 'checkout session created (button)').length;
}

describe('checkout.js', () => {
  it('renders a button that sends the browser to the wallet page with the signed payload', async () => {
    const response = await fetch(`${base}/wallet/checkout.js`);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    const source = await response.text();

    // Just enough DOM for the script: a container, a button and window.location.assign.
    const assigned: string[] = [];
    const clicks: ((event: { preventDefault(): void }) => void)[] = [];
    const button = {
      type: '',
      textContent: '',
      style: { cssText: '' },
      setAttribute: () => {},
      addEventListener: (_type: string, handler: (typeof clicks)[number]) => clicks.push(handler),
    };
    const container = { firstChild: null, removeChild: () => {}, appendChild: (child: unknown) => expect(child).toBe(button) };
    const window: {
      location: { assign(url: string): void };
      KifuWalletPay?: { renderButton(selector: string, options: unknown): unknown };
    } = {
      location: { assign: (url) => assigned.push(url) },
    };
    const document = {
      currentScript: { src: `${base}/wallet/checkout.js` },
      querySelector: (selector: string) => (selector === '#wallet-pay' ? container : null),
      createElement: () => button,
    };
    runInNewContext(source, { window, document });

    const payloadJSON = JSON.stringify(PAYLOAD);
    const signature = signButtonPayload(payloadJSON, wallet.privateKeyPem);
    window.KifuWalletPay!.renderButton('#wallet-pay', {
      merchantId: wallet.merchantId,
      ledgerCurrency: 'JPY',
      checkoutLanguage: 'ja_JP',
      productType: 'PayOnly',
      placement: 'Checkout',
      buttonColor: 'Gold',
      createCheckoutSessionConfig: { payloadJSON, signature, publicKeyId: wallet.publicKeyId, algorithm: 'AMZN-PAY-RSASSA-PSS-V2' },
    });
    expect(button.textContent).toBe('ウォレットペイで支払う');
    expect(() => window.KifuWalletPay!.renderButton('#wallet-pay', { merchantId: 'x', ledgerCurrency: 'USD' })).toThrow(/ledgerCurrency/);

    clicks[0]!({ preventDefault: () => {} });
    const target = new URL(assigned[0]!);
    expect(`${target.origin}${target.pathname}`).toBe(`${base}/wallet/checkout`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      payload: payloadJSON,
      signature,
      publicKeyId: wallet.publicKeyId,
      algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
      productType: 'PayOnly',
      checkoutLanguage: 'ja_JP',
    });
    const { page } = await openWalletPage(assigned[0]!);
    expect(page.status).toBe(200);
  });
});

describe('button signature', () => {
  it('accepts a payload signed like the SDK, with either algorithm', async () => {
    const payloadJson = JSON.stringify(PAYLOAD);
    const v2 = await openWalletPage(signedButton(payloadJson, 'AMZN-PAY-RSASSA-PSS-V2'));
    expect(v2.page.status).toBe(200);
    // Without createCheckoutSessionConfig.algorithm the button means the older algorithm.
    const legacy = await openWalletPage(
      signedButton(payloadJson, undefined, signButtonPayload(payloadJson, wallet.privateKeyPem, 'AMZN-PAY-RSASSA-PSS')),
    );
    expect(legacy.page.status).toBe(200);

    const sdkClient = new sdk.WebStoreClient({
      publicKeyId: wallet.publicKeyId,
      privateKey: wallet.privateKeyPem,
      region: 'jp',
      algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
    });
    const fromSdk = await openWalletPage(signedButton(payloadJson, 'AMZN-PAY-RSASSA-PSS-V2', sdkClient.generateButtonSignature(PAYLOAD)));
    expect(fromSdk.page.status).toBe(200);
  });

  it('shows the sign-in page with the test buyers and a cancel button', async () => {
    const { page, checkoutSessionId } = await openWalletPage(signedButton(JSON.stringify(PAYLOAD), 'AMZN-PAY-RSASSA-PSS-V2'));
    expect(checkoutSessionId).toMatch(/^[0-9a-f-]{36}$/);
    for (const buyer of ['hanako', 'taro', 'declined', 'limited']) expect(page.html).toContain(`data-buyer="${buyer}"`);
    expect(page.html).toContain('山田 花子');
    expect(page.html).toContain('data-action="cancel"');
  });

  it('refuses a tampered payload with an error page and creates no session', async () => {
    const payloadJson = JSON.stringify(PAYLOAD);
    const signature = signButtonPayload(payloadJson, wallet.privateKeyPem);
    const tampered = payloadJson.replace(REVIEW, 'http://attacker.test/review');
    const refused = await visitWalletPage(signedButton(tampered, 'AMZN-PAY-RSASSA-PSS-V2', signature));
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('The button signature does not match its payload.');
    expect(await sessionCount()).toBe(0);
  });

  it('says so when a V2 signature comes without its algorithm', async () => {
    const payloadJson = JSON.stringify(PAYLOAD);
    const refused = await visitWalletPage(
      signedButton(payloadJson, undefined, signButtonPayload(payloadJson, wallet.privateKeyPem, 'AMZN-PAY-RSASSA-PSS-V2')),
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('pass createCheckoutSessionConfig.algorithm');
  });

  it("refuses another key id, another store's payload and an incomplete payload", async () => {
    const payloadJson = JSON.stringify(PAYLOAD);
    const otherKey = walletButtonUrl(`${base}/wallet`, {
      payloadJson,
      signature: signButtonPayload(payloadJson, wallet.privateKeyPem),
      publicKeyId: 'SANDBOX-OTHER',
      algorithm: 'AMZN-PAY-RSASSA-PSS-V2',
    });
    expect((await visitWalletPage(otherKey)).status).toBe(400);
    const otherStore = await visitWalletPage(
      signedButton(JSON.stringify({ ...PAYLOAD, storeId: 'amzn1.application-oa2-client.other' }), 'AMZN-PAY-RSASSA-PSS-V2'),
    );
    expect(otherStore.status).toBe(400);
    expect(otherStore.html).toContain('storeId');
    const noReviewUrl = await visitWalletPage(signedButton(JSON.stringify({ storeId: wallet.storeId }), 'AMZN-PAY-RSASSA-PSS-V2'));
    expect(noReviewUrl.status).toBe(400);
    expect((await visitWalletPage(`${base}/wallet/checkout`)).status).toBe(400);
    expect(await sessionCount()).toBe(0);
  });
});

describe('sandbox index page', () => {
  it('lists the wallet test buyers and the flow', async () => {
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('Wallet pay (Amazon Pay Checkout v2-like)');
    for (const name of ['山田 花子', 'Taro Suzuki', '佐藤 次郎', '高橋 美咲']) expect(html).toContain(name);
    expect(html).toContain('checkoutReviewReturnUrl');
  });
});
