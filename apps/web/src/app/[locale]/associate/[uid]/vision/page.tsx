// /associate/{uid}/vision (spec §2): the associate's vision, from /associate/{uid}/vision/ — the
// challenge, why they take it on and how donations are used, each with its image.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { associateHref } from '@/features/associate/associate-links';
import { AssociatePageFrame, AssociateSection } from '@/features/associate/associate-page-frame';
import { fetchAssociateVision } from '@/features/associate/fetch-associate';
import { associatePageMetadata, loadAssociatePage, type AssociateParams } from '@/features/associate/load-associate-page';
import { VisionBlocks } from '@/features/associate/vision-blocks';
import { noPathsAtBuild } from '@/lib/cached-page';

export const revalidate = 60; // cached page, ADR 020 (src/lib/cached-page.ts)
export const generateStaticParams = noPathsAtBuild;

async function load(params: AssociateParams) {
  const { locale, associate } = await loadAssociatePage(params);
  const vision = await fetchAssociateVision(associate.uid, locale);
  if (!vision) notFound();
  return { locale, associate, vision };
}

export async function generateMetadata({ params }: { params: AssociateParams }): Promise<Metadata> {
  const { locale, associate, vision } = await load(params);
  const t = await getTranslations({ locale, namespace: 'associatePages.vision' });
  return associatePageMetadata({
    associate,
    section: t('title'),
    description: [vision.core, vision.detail].join(' '),
    href: associateHref(associate.uid, 'vision'),
    locale,
  });
}

export default async function AssociateVisionPage({ params }: { params: AssociateParams }) {
  const { locale, associate, vision } = await load(params);
  const t = await getTranslations({ locale, namespace: 'associatePages.vision' });
  return (
    <AssociatePageFrame associate={associate} active="vision" crumbs={[{ label: t('title') }]}>
      <AssociateSection id="associate-vision-title" title={t('title')}>
        <VisionBlocks vision={vision} />
      </AssociateSection>
    </AssociatePageFrame>
  );
}
