// Who may read /metrics (ADR 048). The API, its worker and the web server expose business figures
// there (donations, yen paid, queue depth), so they share one rule:
// - METRICS_TOKEN set: `Authorization: Bearer <token>` is required, from anywhere (401 otherwise).
// - unset, outside production: only a scraper on the same machine — a loopback connection that no
//   proxy forwarded — may read; anyone else is told there is nothing here (404).
// - unset, in production: nobody (404); production scrapes with a token.
// A loopback peer is not enough on its own: the web server forwards /backend/* to the API from
// 127.0.0.1, and a reverse proxy on the same box makes every visitor look local. A proxy names its
// hop (X-Forwarded-For, Forwarded, X-Real-IP, or our web server's proxy-secret header), so a
// request carrying one is treated as a visitor's.

export type MetricsAccess = 'allowed' | 'unauthorized' | 'not_found';

export interface MetricsRequest {
  /** METRICS_TOKEN; undefined when unset. */
  token: string | undefined;
  production: boolean;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The connection's peer address (before any proxy header is believed). */
  remoteAddress: string | undefined;
}

/** Headers a proxy adds when it forwards a request; `x-kifu-proxy-secret` is our web server's (forwarded-for.ts). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-kifu-proxy-secret'] as const;

/** Every header the rule reads: what a server that relays the question must pass on. */
export const METRICS_ACCESS_HEADERS = ['authorization', ...FORWARDING_HEADERS] as const;

/** The smallest METRICS_TOKEN the apps accept: a guessable token would be no gate. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/** Compares every character whatever the first difference, so the time taken does not reveal the token. */
function sameToken(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let index = 0; index < expected.length; index++) {
    difference |= (given.charCodeAt(index % Math.max(given.length, 1)) || 0) ^ expected.charCodeAt(index);
  }
  return difference === 0;
}

function bearerOf(authorization: string | string[] | undefined): string | undefined {
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  const match = value === undefined ? null : /^Bearer +(\S+)\s*$/i.exec(value);
  return match?.[1];
}

export function metricsAccess({ token, production, headers, remoteAddress }: MetricsRequest): MetricsAccess {
  if (token !== undefined) {
    const given = bearerOf(headers.authorization);
    return given !== undefined && sameToken(given, token) ? 'allowed' : 'unauthorized';
  }
  if (production) return 'not_found';
  const forwarded = FORWARDING_HEADERS.some((name) => headers[name] !== undefined);
  return !forwarded && isLoopbackAddress(remoteAddress) ? 'allowed' : 'not_found';
}
