// The wallet's server-to-server API, mounted twice like Amazon Pay's paths: /v2/… (what the SDK
// calls with an environment-specific key id, "SANDBOX-…") and /sandbox/v2/… (any other key id in
// sandbox mode). Every request must carry a valid RSASSA-PSS signature (signature.ts); bodies are
// kept as raw bytes because the signature covers them exactly.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chargeRoutes } from './charge-routes';
import { checkoutRoutes } from './checkout-routes';
import { internalErrorBody, WalletError, walletErrors } from './errors';
import { refundRoutes } from './refund-routes';
import { verifyRequestSignature } from './signature';
import { recordActivity, type WalletContext } from './wallet-context';
import { injectFaults } from '../shared/faults';

function verifySignature(wallet: WalletContext, request: FastifyRequest): void {
  const [path = '/', query = ''] = request.url.split(/\?(.*)/s);
  const { config } = wallet.context;
  const result = verifyRequestSignature(
    {
      method: request.method,
      // The SDK signs the path below its service URL ("/v2/…"); a hand-written client may sign
      // the whole path ("/wallet/v2/…"). In production both are the same path.
      paths: [path, path.slice(wallet.mountPath.length)],
      query: new URLSearchParams(query),
      headers: request.headers,
      body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    },
    { publicKeyId: config.WALLET_PUBLIC_KEY_ID, publicKeyPem: config.WALLET_PUBLIC_KEY_PEM, now: new Date() },
  );
  if (!result.ok) {
    recordActivity(wallet, 'request refused: bad signature', `${request.method} ${path}: ${result.message}`);
    throw walletErrors.invalidSignature(result.message);
  }
}

export async function providerApi(app: FastifyInstance, wallet: WalletContext) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  injectFaults(app, wallet.context.faults, internalErrorBody);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof WalletError) return reply.code(error.statusCode).send(error.body);
    const status = typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
    if (status >= 400 && status < 500)
      return reply.code(400).send({ reasonCode: 'InvalidRequest', message: error instanceof Error ? error.message : 'Invalid request.' });
    request.log.error(error);
    return reply.code(500).send(walletErrors.internal().body);
  });
  app.addHook('preHandler', async (request) => verifySignature(wallet, request));

  checkoutRoutes(app, wallet);
  chargeRoutes(app, wallet);
  refundRoutes(app, wallet);
}
