// The wallet signer (AMZN-PAY-RSASSA-PSS-V2, providers.md "Wallet pay"): its canonical request, its
// RSASSA-PSS parameters, and whether the sandbox — which verifies like the provider — accepts what
// it signs over HTTP, and refuses a wrong key, a wrong key id and a stale date.
import { constants, createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config/env';
import { walletFailureToAppError } from '../src/payments/wallet-pay/wallet-provider-failure';
import { providerRejection } from './helpers/provider-rejection';
import {
  amzPayDate,
  canonicalQueryString,
  canonicalRequest,
  signButtonPayload,
  signRequest,
} from '../src/providers/wallet/request-signature';
import { SignedWalletClient, versionPath, walletIdempotencyKey } from '../src/providers/wallet/signed-wallet-client';
import { HttpWalletGateway } from '../src/providers/wallet/wallet-gateway-http';
import { startWalletSandbox, TEST_WEB_ORIGIN, type WalletSandbox } from './helpers/start-wallet-sandbox';

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const publicKey = createPublicKey(SANDBOX_CREDENTIALS.wallet.publicKeyPem);
const sandboxClient = new SignedWalletClient(loadConfig({ KIFU_ENV: 'test' }));

function pssVerifies(digestOf: string, signature: string): boolean {
  const stringToSign = `AMZN-PAY-RSASSA-PSS-V2\n${createHash('sha256').update(digestOf).digest('hex')}`;
  return verify(
    'sha256',
    Buffer.from(stringToSign),
    { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
    Buffer.from(signature, 'base64'),
  );
}

describe('canonical request and signatures', () => {
  it('builds the canonical request as the SDK does: sorted query, lowercase sorted headers, body hash', () => {
    const { canonical, signedHeaders } = canonicalRequest({
      method: 'get',
      path: '/v2/checkoutSessions/abc',
      query: new URLSearchParams('b=2&a=x y'),
      headers: { 'X-Amz-Pay-Region': 'jp', accept: 'application/json', 'x-amz-pay-date': '2024-05-01T09:00:00Z' },
      body: '',
    });
    expect(signedHeaders).toBe('accept;x-amz-pay-date;x-amz-pay-region');
    expect(canonical).toBe(
      [
        'GET',
        '/v2/checkoutSessions/abc',
        'a=x%20y&b=2',
        'accept:application/json',
        'x-amz-pay-date:2024-05-01T09:00:00Z',
        'x-amz-pay-region:jp',
        '',
        signedHeaders,
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(canonicalQueryString(new URLSearchParams())).toBe('');
    expect(amzPayDate(new Date('2024-05-01T09:00:00.123Z'))).toBe('2024-05-01T09:00:00Z');
  });

  it('signs requests with RSASSA-PSS SHA-256, salt 32, over every header it sends but authorization', () => {
    const url = new URL('http://127.0.0.1:4010/wallet/v2/checkoutSessions/abc/complete');
    const body = JSON.stringify({ chargeAmount: { amount: '3000', currencyCode: 'JPY' } });
    const headers = signRequest({
      method: 'POST',
      url,
      body,
      headers: { 'x-amz-pay-idempotency-key': 'key-1' },
      privateKey: sandboxClient.privateKey,
      publicKeyId: 'SANDBOX-KIFU-PUBLIC-KEY-ID',
      region: 'jp',
      now: new Date('2024-05-01T09:00:00Z'),
    });
    const { authorization, ...signed } = headers;
    expect(signed).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-amz-pay-date': '2024-05-01T09:00:00Z',
      'x-amz-pay-host': '127.0.0.1:4010',
      'x-amz-pay-region': 'jp',
      'x-amz-pay-idempotency-key': 'key-1',
    });
    const match = /^AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=SANDBOX-KIFU-PUBLIC-KEY-ID, SignedHeaders=([^,]+), Signature=(\S+)$/.exec(
      authorization!,
    );
    expect(match?.[1]).toBe('accept;content-type;x-amz-pay-date;x-amz-pay-host;x-amz-pay-idempotency-key;x-amz-pay-region');
    const { canonical } = canonicalRequest({ method: 'POST', path: url.pathname, query: url.searchParams, headers: signed, body });
    expect(pssVerifies(canonical, match![2]!)).toBe(true);
    expect(pssVerifies(`${canonical}x`, match![2]!)).toBe(false);
  });

  it('signs a button payload over ALGORITHM and the hash of the exact payload string', () => {
    const payloadJSON = JSON.stringify({
      storeId: 'store',
      webCheckoutDetails: { checkoutReviewReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-review` },
    });
    const signature = signButtonPayload(payloadJSON, sandboxClient.privateKey);
    expect(pssVerifies(payloadJSON, signature)).toBe(true);
    expect(pssVerifies(payloadJSON.replace('store', 'other'), signature)).toBe(false);
  });

  it('keeps idempotency keys within the 32 characters the provider allows, stably', () => {
    expect(walletIdempotencyKey('donation-42')).toBe('donation-42');
    const long = 'donation:123456:complete-checkout-session';
    expect(walletIdempotencyKey(long)).toMatch(/^[0-9a-f]{32}$/);
    expect(walletIdempotencyKey(long)).toBe(walletIdempotencyKey(long));
    expect(walletIdempotencyKey(`${long}!`)).not.toBe(walletIdempotencyKey(long));
  });

  it('chooses the API path as the SDK does: /v2 for environment-specific key ids', () => {
    expect(versionPath('SANDBOX-AB12', true)).toBe('/v2');
    expect(versionPath('LIVE-AB12', true)).toBe('/v2');
    expect(versionPath('AB12', true)).toBe('/sandbox/v2');
    expect(versionPath('AB12', false)).toBe('/live/v2');
  });
});

describe('signed requests against the sandbox', () => {
  let sandbox: WalletSandbox;
  let config: Config;
  beforeAll(async () => {
    sandbox = await startWalletSandbox();
    config = loadConfig({ KIFU_ENV: 'test', SANDBOX_URL: sandbox.url });
  });
  afterAll(() => sandbox.close());

  it('is accepted: an unknown session answers ResourceNotFound, not a signature error', async () => {
    const error = await providerRejection(new HttpWalletGateway(config).getCheckoutSession('no-such-session'));
    expect(error).toMatchObject({ provider: 'wallet', code: 'ResourceNotFound', httpStatus: 404, retryable: false, rejectedRequest: true });
  });

  it('is accepted with a body and an idempotency key (button → sign-in → update)', async () => {
    const gateway = new HttpWalletGateway(config);
    const { sessionId, returned } = await sandbox.signIn(
      gateway.createButtonSignature({ checkoutReviewReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-review` }),
      'taro',
    );
    expect(returned.location).toBe(`${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-review?amazonCheckoutSessionId=${sessionId}`);
    const updated = await gateway.updateCheckoutSession(sessionId, {
      amount: 1000,
      checkoutResultReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-result`,
    });
    expect(updated).toMatchObject({
      id: sessionId,
      state: 'Open',
      amount: 1000,
      redirectUrl: expect.stringContaining(`/wallet/checkout/${sessionId}/confirm`),
    });
  });

  it('refuses a request signed with another private key: 401 InvalidRequestSignature, an outage for the route', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = new HttpWalletGateway({
      ...config,
      WALLET_PRIVATE_KEY_PEM: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    const error = await providerRejection(forged.getCheckoutSession('any-session'));
    expect(error).toMatchObject({ code: 'InvalidRequestSignature', httpStatus: 401, retryable: false, rejectedRequest: false });
    // Our credentials are wrong: the supporter can do nothing about it.
    expect(walletFailureToAppError(error)).toMatchObject({ code: 'bad_gateway', statusCode: 502 });
  });

  it('refuses an unknown public key id and a date more than 15 minutes off', async () => {
    const otherKeyId = await providerRejection(
      new HttpWalletGateway({ ...config, WALLET_PUBLIC_KEY_ID: 'SANDBOX-SOMEONE-ELSE' }).getCheckoutSession('any'),
    );
    expect(otherKeyId).toMatchObject({ code: 'InvalidRequestSignature', httpStatus: 401 });
    const stale = await providerRejection(
      new HttpWalletGateway(config, () => new Date(Date.now() - 20 * 60_000)).getCheckoutSession('any'),
    );
    expect(stale).toMatchObject({ code: 'InvalidRequestSignature', httpStatus: 401 });
  });

  it('refuses a button whose payload was changed after signing', async () => {
    const button = new HttpWalletGateway(config).createButtonSignature({
      checkoutReviewReturnUrl: `${TEST_WEB_ORIGIN}/redirect/wallet-pay/checkout-review`,
    });
    await expect(
      sandbox.clickButton({ ...button, payloadJSON: button.payloadJSON.replace('checkout-review', 'elsewhere') }),
    ).rejects.toThrow(/refused the button \(400\)/);
  });
});

describe('a key id that is not environment-specific', () => {
  let sandbox: WalletSandbox;
  beforeAll(async () => {
    sandbox = await startWalletSandbox({ WALLET_PUBLIC_KEY_ID: 'KIFU-PLAIN-KEY-ID' });
  });
  afterAll(() => sandbox.close());

  it('signs and calls /sandbox/v2/… in sandbox mode', async () => {
    const config = loadConfig({ KIFU_ENV: 'test', SANDBOX_URL: sandbox.url, WALLET_PUBLIC_KEY_ID: 'KIFU-PLAIN-KEY-ID' });
    const error = await providerRejection(new HttpWalletGateway(config).getCheckoutSession('no-such-session'));
    expect(error).toMatchObject({ code: 'ResourceNotFound', httpStatus: 404 });
  });
});
