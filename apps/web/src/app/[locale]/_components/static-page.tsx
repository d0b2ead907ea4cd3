// Pages that are a title and a lead for now (spec §2 routes): a real route and title per locale so
// links resolve. The long-form pages (privacy, terms, help, assets) use features/static-pages.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PageContainer, type PageWidth } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';

type StaticNamespace = 'pages.signup';

export function StaticPageBody({
  title,
  body,
  width = 'md',
  children,
}: {
  title: string;
  body: string;
  width?: PageWidth;
  children?: ReactNode;
}) {
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
