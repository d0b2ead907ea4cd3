// Starts a sandbox for the wallet contract tests on a port known before it is built: the wallet's
// amazonPayRedirectUrl is made from SANDBOX_PUBLIC_URL, so the config must carry the real port.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { SANDBOX_CREDENTIALS } from '@kifu/domain/sandbox-credentials';
import { buildSandbox } from '../src/app';
import { loadSandboxConfig } from '../src/config/env';
import { createMerchantClient, type MerchantClient } from '../src/wallet/merchant-client';

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
