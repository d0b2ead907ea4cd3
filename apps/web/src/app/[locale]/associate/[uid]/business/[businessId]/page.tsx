// /associate/{uid}/business/{businessId} (spec §2): one business, from /associate/business/{id}/.
// The business must belong to the associate of the path: another associate's business (or an
// unknown one) is a 404, so a page never shows one associate's header over another's work.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { associateHref, businessHref } from '@/features/associate/associate-links';
import { AssociatePageFrame } from '@/features/associate/associate-page-frame';
import { BusinessDetail } from '@/features/associate/business-detail';
import { fetchAssociateBusiness } from '@/features/associate/fetch-associate';
import { associatePageMetadata, loadAssociatePage } from '@/features/associate/load-associate-page';
import { Link } from '@/i18n/navigation';
import { noPathsAtBuild } from '@/lib/cached-page';
import { pathIdOf } from '@/lib/page-record';

export const revalidate = 60; // cached page, ADR 020 (src/lib/cached-page.ts)
export const generateStaticParams = noPathsAtBuild;

type Params = Promise<{ locale: string; uid: string; businessId: string }>;

async function load(params: Params) {
  const { locale, associate } = await loadAssociatePage(params);
  const businessId = pathIdOf((await params).businessId);
  const business = businessId === undefined ? null : await fetchAssociateBusiness(businessId, locale);
  if (!business || business.associate.uid !== associate.uid) notFound();
  return { locale, associate, business };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, associate, business } = await load(params);
  return associatePageMetadata({
    associate,
    section: business.name,
    description: business.purpose || business.activity,
    href: businessHref(associate.uid, business.id),
    locale,
  });
}

export default async function AssociateBusinessPage({ params }: { params: Params }) {
  const { locale, associate, business } = await load(params);
  const t = await getTranslations({ locale, namespace: 'associatePages.businesses' });
  return (
    <AssociatePageFrame
      associate={associate}
      active="businesses"
      crumbs={[{ label: t('title'), href: associateHref(associate.uid, 'businesses') }, { label: business.name }]}
    >
      <BusinessDetail business={business} />
      <p className="mt-10">
        <Link href={associateHref(associate.uid, 'businesses')} className="text-sm font-semibold text-brand-700 hover:underline">
          {t('all')}
        </Link>
      </p>
    </AssociatePageFrame>
  );
}
