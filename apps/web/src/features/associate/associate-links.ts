// Where the associate pages live (spec §2: /associate/{uid} with /vision, /member, /business,
// /business/{businessId}, /campaign; the donate flow under /donate), written once.
export type AssociateSection = 'overview' | 'vision' | 'members' | 'businesses' | 'campaigns';

export const ASSOCIATE_SECTIONS: readonly AssociateSection[] = ['overview', 'vision', 'members', 'businesses', 'campaigns'];

const SECTION_PATHS: Record<AssociateSection, string> = {
  overview: '',
  vision: '/vision',
  members: '/member',
  businesses: '/business',
  campaigns: '/campaign',
};

export function associateHref(uid: string, section: AssociateSection = 'overview'): string {
  return `/associate/${encodeURIComponent(uid)}${SECTION_PATHS[section]}`;
}

export function businessHref(uid: string, businessId: number): string {
  return `${associateHref(uid, 'businesses')}/${businessId}`;
}

export function donateHref(uid: string): string {
  return `${associateHref(uid)}/donate`;
}

/** Where a signed-in supporter starts a campaign for the associate (ADR 036). */
export function createCampaignHref(uid: string): string {
  return `${associateHref(uid)}/create-campaign`;
}

export function membershipHref(uid: string): string {
  return `${donateHref(uid)}/membership`;
}

export function socialChallengeHref(slug: string): string {
  return `/explore/associate/social-challenge/${encodeURIComponent(slug)}`;
}
