// Content pages that are text only for now (spec §2 routes): a real route and title per locale so
// links resolve; their full content arrives with later issues. Rendered statically at build.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PageContainer, type PageWidth } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';

type StaticNamespace = 'pages.asset' | 'pages.privacy' | 'pages.help' | 'pages.signup';

export function StaticPageBody({ title, body, width = 'md', children }: { title: string; body: string; width?: PageWidth; children?: ReactNode }) {
  return (
    <PageContainer width={width}>
      <PageHeading title={title} lead={body} />
      {children}
    </PageContainer>
  );
}

export function staticPage(namespace: StaticNamespace) {
  return {
    async generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
      const locale = await resolveLocale(params);
      const t = await getTranslations({ locale, namespace });
      return { title: t('title') };
    },
    async Page({ params }: { params: LocaleParams }) {
      const locale = await resolveLocale(params);
      const t = await getTranslations({ locale, namespace });
      return <StaticPageBody title={t('title')} body={t('body')} />;
    },
  };
}
