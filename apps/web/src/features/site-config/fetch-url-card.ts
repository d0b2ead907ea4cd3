// A link preview card (spec §7 /urlCard) for one of this site's shareable pages, from the same API
// data the page shows: title, description as in the page's meta description, image and the page's
// canonical URL, all absolute on WEB_ORIGIN. Null when the API does not know the record (404).
import type { api } from '@kifu/domain';
import { ApiError } from '@/lib/api-client';
import { serverGet } from '@/lib/api-server';
import { env } from '@/lib/env';
import { metaDescription } from '@/lib/meta-description';
import { absoluteUrl } from '@/lib/page-metadata';
import type { UrlCardTarget } from './url-card-target';

export interface UrlCard {
  title: string;
  description: string;
  image: string;
  url: string;
}

type CardSource = { href: string; title: string; text: string; image: string };

async function sourceOf(target: UrlCardTarget): Promise<CardSource> {
  const lang = target.locale;
  switch (target.kind) {
    case 'associate': {
      const associate = await serverGet<api.AssociateDetail>(`/associate/${encodeURIComponent(target.uid)}/`, { lang });
      return {
        href: `/associate/${associate.uid}`,
        title: associate.name,
        text: associate.catch_copy || associate.description,
        image: associate.main_visual_url,
      };
    }
    case 'campaign': {
      const campaign = await serverGet<api.CampaignDetail>(`/campaign/${target.id}/`, { lang });
      return {
        href: `/campaign/${campaign.id}`,
        title: campaign.title,
        text: campaign.summary || campaign.body,
        image: campaign.main_visual_url,
      };
    }
    case 'portfolio': {
      const portfolio = await serverGet<api.PortfolioDetail>(`/portfolio/${target.id}/`, { lang });
      return {
        href: `/portfolio/${portfolio.id}`,
        title: portfolio.name,
        text: portfolio.description || portfolio.body,
        image: portfolio.main_visual_url,
      };
    }
  }
}

export async function fetchUrlCard(target: UrlCardTarget): Promise<UrlCard | null> {
  let source: CardSource;
  try {
    source = await sourceOf(target);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  return {
    title: source.title,
    description: metaDescription(source.text),
    // Media paths are on this origin (/backend/media/…, ADR 002); a card needs them absolute.
    image: new URL(source.image, env.WEB_ORIGIN).toString(),
    url: absoluteUrl(source.href, target.locale),
  };
}
