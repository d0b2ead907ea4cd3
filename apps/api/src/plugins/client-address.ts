// Whose address the rate limits count (ADR 023). Fastify believes X-Forwarded-For from
// the proxies in TRUST_PROXY, but on one machine anybody shares 127.0.0.1 with the web server, so
// an address proves nothing: calling the API directly with a new X-Forwarded-For each time used to
// lift every per-address limit. The web server (apps/web/src/server/serve.ts) therefore also sends
// PROXY_SECRET in a header; without it the forwarded headers are dropped and the connection's own
// address counts. The secret never goes further than this hook.
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';

/** Also named in apps/web/src/server/forwarded-for.ts, which sends it. */
export const PROXY_SECRET_HEADER = 'x-kifu-proxy-secret';
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the header carries the configured secret (compared in constant time); never without a secret. */
export function provesTrustedProxy(presented: string | string[] | undefined, secret: string | undefined): boolean {
  if (secret === undefined || typeof presented !== 'string') return false;
  return timingSafeEqual(digest(presented), digest(secret));
}

export const clientAddressPlugin = fp(async (app) => {
  const secret = app.config.PROXY_SECRET;
  // The first onRequest hook: everything after it (rate limits, the bot check's remote address) reads request.ip.
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    const trusted = provesTrustedProxy(headers[PROXY_SECRET_HEADER], secret);
    delete headers[PROXY_SECRET_HEADER];
    if (!trusted) for (const name of FORWARDED_HEADERS) delete headers[name];
  });
});
