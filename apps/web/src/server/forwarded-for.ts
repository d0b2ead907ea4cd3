// Which address the API should see as the browser's. Next's own server keeps an X-Forwarded-For
// the browser sent, so through /backend anybody could pick the address the API rate-limits on
// (logins, payments). Only a proxy we run in front of the web app may say who the client is.
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/** Also named in apps/api/src/plugins/client-address.ts, which believes X-Forwarded-For only with it. */
export const PROXY_SECRET_HEADER = 'x-kifu-proxy-secret';

/** A comma-separated list of proxy addresses (WEB_TRUSTED_PROXIES), e.g. the load balancer's. */
export function parseTrustedProxies(raw: string | undefined): ReadonlySet<string> {
  const addresses = (raw ?? '')
    .split(',')
    .map((part) => normaliseAddress(part.trim()))
    .filter((part) => part !== '');
  for (const address of addresses) if (isIP(address) === 0) throw new Error(`WEB_TRUSTED_PROXIES: "${address}" is not an IP address`);
  return new Set(addresses);
}

/** IPv4 peers on a dual-stack socket appear as ::ffff:a.b.c.d. */
function normaliseAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The X-Forwarded-For to pass on: what a trusted proxy sent, else the connecting address alone
 * (whatever the browser claimed is dropped).
 */
export function forwardedFor(
  header: string | string[] | undefined,
  remoteAddress: string | undefined,
  trusted: ReadonlySet<string>,
): string | undefined {
  const peer = remoteAddress === undefined ? undefined : normaliseAddress(remoteAddress);
  const claimed = Array.isArray(header) ? header.join(', ') : header;
  if (peer !== undefined && trusted.has(peer) && claimed) return `${claimed}, ${peer}`;
  return peer;
}

/**
 * Tells the API that this server set X-Forwarded-For (PROXY_SECRET, shared with the API): without
 * it the API counts the connection's address, which anything on this machine shares with us. A
 * value a caller sent under that name is dropped.
 */
export function setProxySecret(headers: IncomingHttpHeaders, secret: string | undefined): void {
  delete headers[PROXY_SECRET_HEADER];
  if (secret) headers[PROXY_SECRET_HEADER] = secret;
}
