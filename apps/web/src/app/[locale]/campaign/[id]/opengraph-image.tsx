// The campaign's Open Graph card (ADR 020), also used by its report list and messages.
import { fetchCampaign } from '@/features/campaign/fetch-campaigns';
import { resolveLayoutLocale } from '@/i18n/resolve-locale';
import { ogImageContentType, ogImageResponse, ogImageSize } from '@/lib/og-image';
import { pathIdOf } from '@/lib/page-record';

export const size = ogImageSize;
export const contentType = ogImageContentType;

export default async function Image({ params }: { params: Promise<{ locale: string; id: string }> }) {
  const locale = await resolveLayoutLocale(params);
  const id = pathIdOf((await params).id);
  const campaign = id === undefined ? null : await fetchCampaign(id, locale);
  return ogImageResponse(locale, 'campaign', campaign && { title: campaign.title, subtitle: campaign.associate.name });
}
