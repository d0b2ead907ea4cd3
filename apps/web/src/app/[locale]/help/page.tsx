// /help (spec §2, ADR 019): answers to common questions, by topic. Questions are
// <details> so they open without JavaScript, each with an id to link to. The footer links here with
// ?from=site; then a link leads back to the site (spec §2 "query from=site").
import { getTranslations } from 'next-intl/server';
import { ExternalLink } from '@/components/ui/external-link';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { contentPageMetadata } from '@/features/static-pages/content-metadata';
import { ContentSection } from '@/features/static-pages/content-section';
import { DocumentBlocks } from '@/features/static-pages/document-blocks';
import { HELP_TOPICS } from '@/features/static-pages/help-content';
import { TableOfContents } from '@/features/static-pages/table-of-contents';
import { Link } from '@/i18n/navigation';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { env } from '@/lib/env';
import { firstParam, type SearchParams } from '@/lib/search-params';

// Reads its query string: rendered per request, on cached API answers (ADR 020).
export const dynamic = 'force-dynamic';

export const generateMetadata = contentPageMetadata('pages.help', '/help');

export default async function HelpPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const fromSite = firstParam((await searchParams).from) === 'site';
  const t = await getTranslations({ locale, namespace: 'pages' });
  const topics = HELP_TOPICS[locale];
  return (
    <PageContainer width="sm" className="pb-8">
      {fromSite ? (
        <Link
          href="/"
          data-testid="help-back-to-site"
          className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          <span aria-hidden="true">←</span>
          {t('help.backToSite')}
        </Link>
      ) : null}
      <PageHeading title={t('help.title')} lead={t('help.body')} />
      <TableOfContents title={t('document.tableOfContents')} entries={topics.map((topic) => ({ id: topic.id, label: topic.heading }))} />
      {topics.map((topic) => (
        <ContentSection key={topic.id} id={topic.id} heading={topic.heading} className="mt-10">
          <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
            {topic.questions.map((item) => (
              <details key={item.id} id={item.id} className="group px-5 py-4">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
                  <span>{item.question}</span>
                  <span aria-hidden="true" className="mt-0.5 text-brand-700 transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <div className="mt-3">
                  <DocumentBlocks blocks={item.answer} />
                </div>
              </details>
            ))}
          </div>
        </ContentSection>
      ))}
      <section aria-labelledby="help-more" className="mt-12 rounded-2xl bg-brand-50 p-6">
        <h2 id="help-more" className="text-lg font-bold">
          {t('help.moreHeading')}
        </h2>
        <p className="mt-2 leading-relaxed text-muted">{t('help.moreBody')}</p>
        <p className="mt-4">
          <ExternalLink href={env.FAQ_URL} newTabHint={t('help.opensInNewTab')} className="font-semibold text-brand-700 underline">
            {t('help.faqLink')}
          </ExternalLink>
        </p>
      </section>
    </PageContainer>
  );
}
