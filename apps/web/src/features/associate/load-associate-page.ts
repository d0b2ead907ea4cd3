// Server side, for every /associate/{uid}/… page: the locale and the published associate, or the
// 404 page. A uid the API would refuse as malformed (wire associateUidParams) is a 404 too.
import { api } from '@kifu/domain';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { resolveLocale } from '@/i18n/resolve-locale';
import type { AppLocale } from '@/i18n/routing';
import { metaDescription } from '@/lib/meta-description';
import { pageAlternates } from '@/lib/page-metadata';
import { fetchAssociate } from './fetch-associate';

export type AssociateParams = Promise<{ locale: string; uid: string }>;

export async function loadAssociatePage(params: AssociateParams): Promise<{ locale: AppLocale; associate: api.AssociateDetail }> {
  const locale = await resolveLocale(params);
  const uid = api.associateUidParams.shape.uid.safeParse((await params).uid);
  const associate = uid.success ? await fetchAssociate(uid.data, locale) : null;
  if (!associate) notFound();
  return { locale, associate };
}

/**
 * A shareable associate page's metadata: 'section | associate' as the title (the layout adds the
 * site name), a one-line description, canonical and hreflang alternates.
 */
export function associatePageMetadata(options: {
  associate: api.AssociateSummary;
  section?: string;
  description: string;
  href: string;
  locale: AppLocale;
}): Metadata {
  const { associate, section, description, href, locale } = options;
  return {
    title: section ? `${section} | ${associate.name}` : associate.name,
    description: metaDescription(description || associate.catch_copy),
    alternates: pageAlternates(href, locale),
  };
}
