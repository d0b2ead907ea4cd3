// /privacy-policy (spec §2, ADR 019): what we collect and why, card data kept by the
// card gateway, sharing with associates, retention, rights and contact, with a table of contents.
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { contentPageMetadata } from '@/features/static-pages/content-metadata';
import { ContentSection } from '@/features/static-pages/content-section';
import { DocumentBlocks } from '@/features/static-pages/document-blocks';
import { PRIVACY_POLICY } from '@/features/static-pages/privacy-policy-content';
import { TableOfContents } from '@/features/static-pages/table-of-contents';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';

export const generateMetadata = contentPageMetadata('pages.privacy', '/privacy-policy');

export default async function PrivacyPolicyPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const policy = PRIVACY_POLICY[locale];
  return (
    <PageContainer width="sm" className="pb-8">
      <PageHeading title={t('privacy.title')} lead={t('privacy.body')}>
        <p className="mt-2 text-sm text-muted">{policy.dates}</p>
      </PageHeading>
      <DocumentBlocks blocks={policy.preamble} />
      <TableOfContents
        title={t('document.tableOfContents')}
        entries={policy.sections.map((section) => ({ id: section.id, label: section.heading }))}
      />
      {policy.sections.map((section) => (
        <ContentSection key={section.id} id={section.id} heading={section.heading} className="mt-10">
          <DocumentBlocks blocks={section.body} />
        </ContentSection>
      ))}
    </PageContainer>
  );
}
