// The official omise SDK pointed at the configured card URLs (providers.md: the SDK takes `host`,
// `vaultHost` and `scheme`, so the sandbox and the real provider differ by configuration only).
import Omise from 'omise';
import type { Config } from '../../config/env';
import { routeHostToPort } from '../http-port-shim';

export type OmiseClient = ReturnType<typeof Omise>;

export type OmiseClientConfig = Pick<Config, 'CARD_API_URL' | 'CARD_VAULT_URL' | 'CARD_PUBLIC_KEY' | 'CARD_SECRET_KEY' | 'OMISE_VERSION'>;

export function createOmiseClient(config: OmiseClientConfig): OmiseClient {
  const api = new URL(config.CARD_API_URL);
  const scheme = api.protocol === 'http:' ? Omise.Scheme.Http : Omise.Scheme.Https;
  // The SDK builds every path from the host alone (/charges, /customers/:id, …).
  if (api.pathname !== '/') throw new Error(`CARD_API_URL must not have a path (the omise SDK ignores it): ${config.CARD_API_URL}`);
  if (api.port !== '') {
    // Only http.globalAgent is shimmed: a real provider is https on 443 and needs no port.
    if (scheme === Omise.Scheme.Https)
      throw new Error(`CARD_API_URL with an explicit https port is not supported by the omise SDK: ${config.CARD_API_URL}`);
    routeHostToPort(api.hostname, Number(api.port));
  }
  return Omise({
    host: api.hostname,
    // The server never calls the vault (browsers tokenise there directly), so its port needs no
    // routing; the SDK only wants a host for its tokens resource.
    vaultHost: new URL(config.CARD_VAULT_URL).hostname,
    publicKey: config.CARD_PUBLIC_KEY,
    secretKey: config.CARD_SECRET_KEY,
    omiseVersion: config.OMISE_VERSION,
    scheme,
  });
}
