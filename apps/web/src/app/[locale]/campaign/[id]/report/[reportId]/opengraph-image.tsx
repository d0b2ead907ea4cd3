// A campaign report's Open Graph card (ADR 020): the report's title under its campaign's.
import { fetchCampaign, fetchCampaignReport } from '@/features/campaign/fetch-campaigns';
import { resolveLayoutLocale } from '@/i18n/resolve-locale';
import { ogImageContentType, ogImageResponse, ogImageSize } from '@/lib/og-image';
import { pathIdOf } from '@/lib/page-record';

export const size = ogImageSize;
export const contentType = ogImageContentType;

export default async function Image({ params }: { params: Promise<{ locale: string; id: string; reportId: string }> }) {
  const locale = await resolveLayoutLocale(params);
  const { id: rawId, reportId: rawReportId } = await params;
  const [id, reportId] = [pathIdOf(rawId), pathIdOf(rawReportId)];
  const [campaign, report] =
    id === undefined || reportId === undefined
      ? [null, null]
      : await Promise.all([fetchCampaign(id, locale), fetchCampaignReport(id, reportId, locale)]);
  return ogImageResponse(locale, 'report', campaign && report && { title: report.title, subtitle: campaign.title });
}
