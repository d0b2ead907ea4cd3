// Title, description and hreflang alternates for the content pages (privacy, terms, help, assets):
// they are linked from every page's footer and shared, so they get the same metadata as the
// shareable pages.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { metaDescription } from '@/lib/meta-description';
import { pageAlternates } from '@/lib/page-metadata';

export type ContentNamespace = 'pages.privacy' | 'pages.terms' | 'pages.help' | 'pages.asset';

export function contentPageMetadata(namespace: ContentNamespace, href: string) {
  return async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
    const locale = await resolveLocale(params);
    const t = await getTranslations({ locale, namespace });
    return { title: t('title'), description: metaDescription(t('body')), alternates: pageAlternates(href, locale) };
  };
}
