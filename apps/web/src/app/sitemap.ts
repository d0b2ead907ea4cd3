// /sitemap.xml (ADR 020): every public page a search engine should know, each with its
// ja and en URLs (hreflang alternates). Built per request from the API so a new associate or
// campaign appears without a rebuild; an API failure gives the static pages only rather than a 500.
import type { api } from '@kifu/domain';
import type { MetadataRoute } from 'next';
import { publicGet } from '@/lib/api-server';
import { languageUrls } from '@/lib/page-metadata';
import { settle } from '@/lib/settle';

export const dynamic = 'force-dynamic';

/** Pages that exist whatever the data (spec §2 public routes; /scta is Japanese only but answers in both). */
const STATIC_PATHS = [
  '/',
  '/associate',
  '/explore/associate/social-challenge',
  '/campaign',
  '/portfolio',
  '/privacy-policy',
  '/terms-of-service',
  '/scta',
  '/help',
  '/asset',
];

const PAGE_SIZE = 100;
/** A bound on pages read per list, so a huge catalogue cannot make one sitemap request endless. */
const MAX_PAGES = 50;

type Page<T> = { count: number; results: T[] };

async function everyItem<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const body = await publicGet<Page<T>>(path, { ...query, page, page_size: PAGE_SIZE });
    items.push(...body.results);
    if (items.length >= body.count || body.results.length === 0) break;
  }
  return items;
}

function entry(href: string, lastModified?: string): MetadataRoute.Sitemap[number] {
  const languages = languageUrls(href);
  return { url: languages['x-default']!, lastModified, alternates: { languages } };
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [associates, campaigns, portfolios, challenges] = await Promise.all([
    settle(everyItem<api.AssociateSummary>('/associate/')),
    settle(everyItem<api.CampaignSummary>('/campaign/')),
    settle(everyItem<api.PortfolioSummary>('/portfolio/')),
    settle(publicGet<api.AssociateCountBySocialChallenges>('/associate/count_by_social_challenges/')),
  ]);
  const campaignList = campaigns.ok ? campaigns.value : [];
  // Each campaign's published reports: one cached call per campaign; a failing one leaves its reports out.
  const reports = await Promise.all(
    campaignList.map(async (campaign) => {
      const settled = await settle(everyItem<{ id: number }>(`/campaign/${campaign.id}/reports/`));
      return (settled.ok ? settled.value : []).map((report) => entry(`/campaign/${campaign.id}/report/${report.id}`));
    }),
  );
  const or = <T>(settled: { ok: true; value: T } | { ok: false }, fallback: T) => (settled.ok ? settled.value : fallback);
  return [
    ...STATIC_PATHS.map((path) => entry(path)),
    ...or(challenges, { results: [] })
      .results.filter((c) => c.count > 0)
      .map((c) => entry(`/explore/associate/social-challenge/${c.slug}`)),
    ...or(associates, []).flatMap((a) => [entry(`/associate/${a.uid}`), entry(`/associate/${a.uid}/vision`)]),
    ...campaignList.flatMap((c) => [entry(`/campaign/${c.id}`), entry(`/campaign/${c.id}/report`)]),
    ...reports.flat(),
    ...or(portfolios, []).map((p) => entry(`/portfolio/${p.id}`)),
  ];
}
