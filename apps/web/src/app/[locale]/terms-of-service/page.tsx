// /terms-of-service (spec §2, ADR 019): one page with the supporters' and the
// associates' terms. The footer links #supporter-section and #associate-section: those ids sit on
// the two parts' headings, so the link lands on the heading. A table of contents lists both parts.
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { contentPageMetadata } from '@/features/static-pages/content-metadata';
import { ContentSection } from '@/features/static-pages/content-section';
import { DocumentBlocks } from '@/features/static-pages/document-blocks';
import { TableOfContents } from '@/features/static-pages/table-of-contents';
import { TERMS_OF_SERVICE } from '@/features/static-pages/terms-of-service-content';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';

export const generateMetadata = contentPageMetadata('pages.terms', '/terms-of-service');

export default async function TermsPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const terms = TERMS_OF_SERVICE[locale];
  const entries = terms.parts.map((part) => ({
    id: part.id,
    label: part.heading,
    children: part.articles.map((article) => ({ id: article.id, label: article.heading })),
  }));
  return (
    <PageContainer width="sm" className="pb-8">
      <PageHeading title={t('terms.title')} lead={t('terms.body')}>
        <p className="mt-2 text-sm text-muted">{terms.dates}</p>
      </PageHeading>
      <DocumentBlocks blocks={terms.preamble} />
      <TableOfContents title={t('document.tableOfContents')} entries={entries} />
      {terms.parts.map((part) => (
        <section key={part.id} aria-labelledby={part.id} className="mt-12 border-t border-slate-200 pt-8">
          <h2 id={part.id} className="text-2xl font-bold">
            {part.heading}
          </h2>
          <p className="mt-3 leading-relaxed text-muted">{part.intro}</p>
          {part.articles.map((article) => (
            <ContentSection key={article.id} id={article.id} heading={article.heading} level={3} className="mt-8">
              <DocumentBlocks blocks={article.body} />
            </ContentSection>
          ))}
        </section>
      ))}
    </PageContainer>
  );
}
