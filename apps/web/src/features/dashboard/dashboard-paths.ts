// The dashboard's sub-paths (spec §2 "Campaign dashboard"), in the order the navigation lists them,
// and which one a path shows: report/{reportId} and report/create are the reports page's.
export const DASHBOARD_SECTIONS = [
  'campaign',
  'campaign/setting',
  'campaign/content',
  'campaign/body',
  'campaign/usage',
  'campaign/reward',
  'campaign/custom-author',
  'campaign/stretch-goal',
  'campaign/check',
  'campaign/preview',
  'report',
  'message',
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

export function sectionOf(path: readonly string[]): DashboardSection {
  const joined = path.slice(0, 2).join('/');
  if ((DASHBOARD_SECTIONS as readonly string[]).includes(joined)) return joined as DashboardSection;
  if (path[0] === 'report') return 'report';
  return 'campaign';
}

export const dashboardPath = (campaignId: number, section: string) => `/campaign/${campaignId}/dashboard/${section}`;
