// Contract of the wallet API's request signatures (AMZN-PAY-RSASSA-PSS-V2, as the official SDK
// computes them), its error shape and its fault injection.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';
import { createMerchantClient } from '../src/wallet/merchant-client';
import { signRequest, type SignRequestOptions } from '../src/wallet/signature';

const { wallet } = SANDBOX_CREDENTIALS;
const CREATE = { webCheckoutDetails: { checkoutReviewReturnUrl: 'http://kifu.test/review' }, storeId: wallet.storeId };

interface SdkRequest {
  method: string;
  urlFragment: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
interface SdkClient {
  getSignedHeaders(options: SdkRequest): Record<string, string>;
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

const key = () => randomUUID().replace(/-/g, '');

/** Sends a request signed with signRequest, letting a test change what is signed or sent. */
async function send(
  options: Partial<SignRequestOptions> & { url?: string; sentBody?: string; extraHeaders?: Record<string, string> } = {},
) {
  const body = options.body ?? JSON.stringify(CREATE);
  const headers = signRequest({
    method: 'POST',
    path: '/v2/checkoutSessions',
    headers: { 'x-amz-pay-idempotency-key': key() },
    privateKeyPem: wallet.privateKeyPem,
    publicKeyId: wallet.publicKeyId,
    ...options,
    body,
  });
  const response = await fetch(options.url ?? `${base}/wallet/v2/checkoutSessions`, {
    method: options.method ?? 'POST',
    headers: { ...headers, ...options.extraHeaders },
    body: options.sentBody ?? body,
  });
  return {
    status: response.status,
    body: (await response.json()) as { reasonCode?: string; message?: string; checkoutSessionId?: string },
  };
}

describe('request signatures', () => {
  it('accepts requests signed by the official SDK, with either algorithm', async () => {
    for (const algorithm of ['AMZN-PAY-RSASSA-PSS-V2', 'AMZN-PAY-RSASSA-PSS']) {
      // The SDK cannot send to a plain-HTTP host (it always builds https://…), but its signing is
      // public: the headers it computes are sent here unchanged.
      const client = new sdk.WebStoreClient({ publicKeyId: wallet.publicKeyId, privateKey: wallet.privateKeyPem, region: 'jp', algorithm });
      const create: SdkRequest = {
        method: 'POST',
        urlFragment: 'checkoutSessions',
        payload: CREATE,
        headers: { 'x-amz-pay-idempotency-key': key() },
      };
      const headers = client.getSignedHeaders(create);
      expect(create.urlFragment).toBe('v2/checkoutSessions');
      expect(headers.authorization).toMatch(
        new RegExp(
          `^${algorithm} PublicKeyId=${wallet.publicKeyId}, SignedHeaders=accept;content-type;user-agent;x-amz-pay-date;x-amz-pay-host;x-amz-pay-idempotency-key;x-amz-pay-region, Signature=`,
        ),
      );
      const created = await fetch(`${base}/wallet/${create.urlFragment}`, { method: 'POST', headers, body: create.payload as string });
      expect(created.status).toBe(201);
      const { checkoutSessionId } = (await created.json()) as { checkoutSessionId: string };

      const get: SdkRequest = { method: 'GET', urlFragment: `checkoutSessions/${checkoutSessionId}` };
      const getHeaders = client.getSignedHeaders(get);
      const fetched = await fetch(`${base}/wallet/${get.urlFragment}`, { headers: getHeaders });
      expect(fetched.status).toBe(200);
    }
  });

  it('accepts the /sandbox/v2 layout and a signature over the full URL path', async () => {
    const sandboxPath = createMerchantClient({
      baseUrl: `${base}/wallet`,
      privateKeyPem: wallet.privateKeyPem,
      publicKeyId: wallet.publicKeyId,
      versionPath: '/sandbox/v2',
    });
    expect((await sandboxPath.createCheckoutSession(CREATE, key())).status).toBe(201);
    const fullPath = createMerchantClient({
      baseUrl: `${base}/wallet`,
      privateKeyPem: wallet.privateKeyPem,
      publicKeyId: wallet.publicKeyId,
      signFullPath: true,
    });
    expect((await fullPath.createCheckoutSession(CREATE, key())).status).toBe(201);
  });

  it('refuses unsigned, altered and foreign requests with 401 InvalidRequestSignature', async () => {
    const { privateKey: strangerKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const unsigned = await fetch(`${base}/wallet/v2/checkoutSessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-amz-pay-idempotency-key': key() },
      body: JSON.stringify(CREATE),
    });
    const refusals = [
      { status: unsigned.status, body: (await unsigned.json()) as { reasonCode?: string } },
      await send({ sentBody: JSON.stringify({ ...CREATE, scopes: ['name'] }) }),
      await send({ privateKeyPem: strangerKey }),
      await send({ publicKeyId: 'SANDBOX-SOMEONE-ELSE' }),
      await send({ path: '/v2/charges' }),
      await send({ date: new Date(Date.now() - 20 * 60_000) }),
      await send({ extraHeaders: { 'x-amz-pay-idempotency-key': key() } }),
      await send({ extraHeaders: { authorization: 'Bearer something' } }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(401);
      expect(refusal.body).toEqual({ reasonCode: 'InvalidRequestSignature', message: expect.any(String) });
    }
    const { activity } = (await (await fetch(`${base}/__control/activity`)).json()) as { activity: { action: string }[] };
    expect(activity.filter((entry) => entry.action === 'request refused: bad signature')).toHaveLength(refusals.length);
  });

  it('checks the signature before reading the body, then refuses a body that is not JSON', async () => {
    expect((await send({ body: '{not json', sentBody: '{not json!' })).status).toBe(401);
    expect(await send({ body: '{not json' })).toEqual({
      status: 400,
      body: { reasonCode: 'InvalidRequestFormat', message: expect.any(String) },
    });
  });

  it('answers an unknown API path with 404 ResourceNotFound', async () => {
    const missing = await fetch(`${base}/wallet/v2/refundz`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ reasonCode: 'ResourceNotFound' });
  });
});

describe('fault injection', () => {
  it("fails the API with Amazon's 500 body while the buyer pages keep working", async () => {
    await fetch(`${base}/__control/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorRate: 1 }),
    });
    const failed = await send();
    expect(failed).toEqual({ status: 500, body: { reasonCode: 'InternalServerError', message: expect.any(String) } });
    expect((await fetch(`${base}/wallet/checkout.js`)).status).toBe(200);
    await fetch(`${base}/__control/reset`, { method: 'POST' });
    expect((await send()).status).toBe(201);
  });
});
