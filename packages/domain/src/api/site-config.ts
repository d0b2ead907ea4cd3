// Remote configuration of the site (spec §7 "Front-end server routes of the product", ADR 018:
// "backed by the API"): global entries, per-campaign settings, FAQ, the top page's popup banners
// and a campaign's usage statistics. The web's /kifuConfig/* routes answer these as `{content}`.
import { z } from 'zod';
import { USAGE_STATS_CAMPAIGN_IDS } from '../constants';
import { imageUrl } from './common';

/**
 * Keys of global entries the site reads. Spec §2 "Footer": the associate and peer-to-peer landing
 * pages are "both overridable by remote configuration keys".
 */
export const GLOBAL_CONFIG_KEYS = {
  associateLandingUrl: 'associate_landing_url',
  p2pLandingUrl: 'p2p_landing_url',
} as const;
export type GlobalConfigKey = (typeof GLOBAL_CONFIG_KEYS)[keyof typeof GLOBAL_CONFIG_KEYS];

/** Spec §7: "content is a map of key to an array of string parts". */
export const globalConfig = z.record(z.string(), z.array(z.string()));
export type GlobalConfig = z.infer<typeof globalConfig>;

/** Spec §7: the parts of a global entry are "joined into one string"; undefined when the key is absent or empty. */
export function globalConfigValue(config: GlobalConfig, key: string): string | undefined {
  const parts = Object.hasOwn(config, key) ? config[key] : undefined;
  const value = parts?.join('') ?? '';
  return value === '' ? undefined : value;
}

/** An absolute http(s) URL from a global entry, or undefined (absent, empty or not such a URL: the caller keeps its default). */
export function globalConfigUrl(config: GlobalConfig, key: string): string | undefined {
  const value = globalConfigValue(config, key);
  if (value === undefined || !URL.canParse(value)) return undefined;
  return /^https?:$/.test(new URL(value).protocol) ? value : undefined;
}

/**
 * A campaign's settings (spec §7: "content is used whole"): any JSON object. The one key the
 * platform itself reads is `usage_stats_enabled` (spec §9: usage stats are enabled for no campaign
 * unless configured).
 */
export const campaignConfig = z.looseObject({ usage_stats_enabled: z.boolean().optional() });
export type CampaignConfig = z.infer<typeof campaignConfig>;
/** Spec §3: campaign settings are "a map by campaign id". */
export const campaignConfigMap = z.record(z.string(), campaignConfig);
export type CampaignConfigMap = z.infer<typeof campaignConfigMap>;

export function usageStatsEnabled(campaignId: number, config: CampaignConfig | undefined): boolean {
  return USAGE_STATS_CAMPAIGN_IDS.includes(campaignId) || config?.usage_stats_enabled === true;
}

export const faqEntry = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type FaqEntry = z.infer<typeof faqEntry>;
export const faqList = z.object({ count: z.number().int(), results: z.array(faqEntry) });
export type FaqList = z.infer<typeof faqList>;

export const popupBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: imageUrl,
  /** A path on this site (e.g. /campaign/3) or an absolute http(s) URL. */
  link_url: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});
export type PopupBanner = z.infer<typeof popupBanner>;
export const popupBannerList = z.object({ count: z.number().int(), results: z.array(popupBanner) });
export type PopupBannerList = z.infer<typeof popupBannerList>;

/** What a campaign's paid gifts have covered so far (ADR 018). */
export const campaignUsageStats = z.discriminatedUnion('enabled', [
  z.object({ campaign_id: z.number().int(), enabled: z.literal(false) }),
  z.object({
    campaign_id: z.number().int(),
    enabled: z.literal(true),
    raised_amount: z.number().int(),
    donation_count: z.number().int(),
    /** Each planned use in display order; the raised amount fills them one after the other. */
    usages: z.array(z.object({ id: z.number().int(), title: z.string(), amount: z.number().int(), funded_amount: z.number().int() })),
    /** Paid gifts per reward. */
    rewards: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        amount: z.number().int(),
        donation_count: z.number().int(),
        raised_amount: z.number().int(),
      }),
    ),
  }),
]);
export type CampaignUsageStats = z.infer<typeof campaignUsageStats>;

/** Fills planned uses in order with the raised amount: each gets what is left, up to its own amount. */
export function fundUsagesInOrder(raised: number, amounts: readonly number[]): number[] {
  let left = Math.max(0, raised);
  return amounts.map((amount) => {
    const funded = Math.min(amount, left);
    left -= funded;
    return funded;
  });
}
