// Primary links of the top bar (spec §2): find associates and find campaigns.
export const PRIMARY_NAV = [
  { key: 'findAssociates', href: '/associate' },
  { key: 'findCampaigns', href: '/campaign' },
] as const;
