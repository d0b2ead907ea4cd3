// A campaign type's message key: the spec's labels (spec §3: BD, Free, MF, …) are codes, so people
// read a ja/en name from the catalogue instead (campaign.types.*).
import { CampaignType } from '@kifu/domain';

export type CampaignTypeKey = keyof typeof CampaignType;

const KEY_OF = new Map(Object.entries(CampaignType).map(([key, id]) => [id as number, key as CampaignTypeKey]));

export function campaignTypeKey(type: number): CampaignTypeKey {
  return KEY_OF.get(type) ?? 'FREE';
}
