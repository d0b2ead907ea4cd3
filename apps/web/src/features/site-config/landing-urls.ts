// The associate and peer-to-peer landing pages (spec §2 "Footer": "both overridable by remote
// configuration keys"): the environment gives the defaults, a global entry with a valid http(s)
// URL replaces them.
import { globalConfigUrl, GLOBAL_CONFIG_KEYS, type GlobalConfig } from '@kifu/domain/api/site-config';

export interface LandingUrls {
  associateLandingUrl: string;
  p2pLandingUrl: string;
}

export function landingUrls(defaults: LandingUrls, remote: GlobalConfig): LandingUrls {
  return {
    associateLandingUrl: globalConfigUrl(remote, GLOBAL_CONFIG_KEYS.associateLandingUrl) ?? defaults.associateLandingUrl,
    p2pLandingUrl: globalConfigUrl(remote, GLOBAL_CONFIG_KEYS.p2pLandingUrl) ?? defaults.p2pLandingUrl,
  };
}
