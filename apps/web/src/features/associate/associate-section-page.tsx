// The associate sub-pages that show one part of the associate detail (members, businesses): the
// same loading, 404, metadata ('Members | {name}' with a description and alternates) and frame,
// with only the content differing.
import type { api } from '@kifu/domain';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { associateHref, type AssociateSection as Section } from './associate-links';
import { AssociatePageFrame, AssociateSection } from './associate-page-frame';
import { associatePageMetadata, loadAssociatePage, type AssociateParams } from './load-associate-page';

type SectionNamespace = 'associatePages.members' | 'associatePages.businesses';

export function associateSectionPage(options: {
  section: Section;
  namespace: SectionNamespace;
  content: (associate: api.AssociateDetail) => ReactNode;
}) {
  const { section, namespace, content } = options;
  return {
    async generateMetadata({ params }: { params: AssociateParams }): Promise<Metadata> {
      const { locale, associate } = await loadAssociatePage(params);
      const t = await getTranslations({ locale, namespace });
      return associatePageMetadata({
        associate,
        section: t('title'),
        description: t('description', { name: associate.name }),
        href: associateHref(associate.uid, section),
        locale,
      });
    },
    async Page({ params }: { params: AssociateParams }) {
      const { locale, associate } = await loadAssociatePage(params);
      const t = await getTranslations({ locale, namespace });
      return (
        <AssociatePageFrame associate={associate} active={section} crumbs={[{ label: t('title') }]}>
          <AssociateSection id={`associate-${section}-title`} title={t('title')}>
            {content(associate)}
          </AssociateSection>
        </AssociatePageFrame>
      );
    },
  };
}
