// Metadata of a campaign's list sub-pages (reports, messages): 'Reports | {campaign title}' (spec §1
// 'title | suffix'; the layout adds the site name), a description naming the campaign, and the
// canonical and hreflang links.
import type { api } from '@kifu/domain';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/i18n/routing';
import { pageAlternates } from '@/lib/page-metadata';

export async function campaignSubpageMetadata(
  campaign: api.CampaignDetail,
  locale: AppLocale,
  namespace: 'campaign.reports' | 'campaign.messages',
  href: string,
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace });
  return {
    title: `${t('title')} | ${campaign.title}`,
    description: t('description', { title: campaign.title }),
    alternates: pageAlternates(href, locale),
  };
}
