// Global remote configuration for server components (spec §7 "GET global config": "Config fetch
// failures are ignored"): a page waits a short while for it and otherwise renders with its defaults.
import { api } from '@kifu/domain';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import type { AppLocale } from '@/i18n/routing';
import { publicGet } from '@/lib/api-server';
import { env } from '@/lib/env';
import { landingUrls, type LandingUrls } from './landing-urls';

/** How long a page waits for remote configuration before going on without it (the API answers in milliseconds; this is for a hung one). */
const CONFIG_TIMEOUT_MS = 5_000;

/** Once per request however many components ask (layout, top page). {} when the API does not answer well. */
export const fetchGlobalConfig = cache(async (lang: AppLocale): Promise<api.GlobalConfig> => {
  // A cached public read (ADR 020): no page is rendered at build time, when the API is not running,
  // so the footer never freezes the build machine's defaults; pages follow a change within a minute.
  try {
    const answer = await publicGet<unknown>('/config/global/', { lang }, { signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
    return api.globalConfig.parse(answer);
  } catch (error) {
    // Next tells a prerender "this page reads per-request data" by throwing: that must go through.
    unstable_rethrow(error);
    return {};
  }
});

/** The associate and peer-to-peer landing pages: the environment's, unless the remote configuration overrides them. */
export async function fetchLandingUrls(lang: AppLocale): Promise<LandingUrls> {
  return landingUrls({ associateLandingUrl: env.ASSOCIATE_LANDING_URL, p2pLandingUrl: env.P2P_LANDING_URL }, await fetchGlobalConfig(lang));
}
