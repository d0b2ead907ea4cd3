// The associate's Open Graph card (ADR 020), also used by its sub-pages (vision, members…).
import { fetchAssociate } from '@/features/associate/fetch-associate';
import { resolveLayoutLocale } from '@/i18n/resolve-locale';
import { ogImageContentType, ogImageResponse, ogImageSize } from '@/lib/og-image';

export const size = ogImageSize;
export const contentType = ogImageContentType;

export default async function Image({ params }: { params: Promise<{ locale: string; uid: string }> }) {
  const locale = await resolveLayoutLocale(params);
  const associate = await fetchAssociate((await params).uid, locale);
  return ogImageResponse(locale, 'associate', associate && { title: associate.name, subtitle: associate.catch_copy });
}
