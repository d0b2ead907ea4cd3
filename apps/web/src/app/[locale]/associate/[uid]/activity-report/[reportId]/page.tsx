// /associate/{uid}/activity-report/{reportId} (ADR 033, linked from the support
// history): one published activity report, from /associate/{uid}/activity-reports/{id}/. A draft,
// another associate's report, an unpublished associate or an unknown id is a 404.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ActivityReportArticle } from '@/features/associate/activity-report-page';
import { AssociatePageFrame } from '@/features/associate/associate-page-frame';
import { activityReportHref, fetchActivityReport } from '@/features/associate/fetch-activity-report';
import { associatePageMetadata, loadAssociatePage } from '@/features/associate/load-associate-page';
import { noPathsAtBuild } from '@/lib/cached-page';
import { pathIdOf } from '@/lib/page-record';

export const revalidate = 60; // cached page, ADR 020 (src/lib/cached-page.ts)
export const generateStaticParams = noPathsAtBuild;

type Params = Promise<{ locale: string; uid: string; reportId: string }>;

async function load(params: Params) {
  const { locale, associate } = await loadAssociatePage(params);
  const reportId = pathIdOf((await params).reportId);
  const report = reportId === undefined ? null : await fetchActivityReport(associate.uid, reportId, locale);
  if (!report || report.associate.uid !== associate.uid) notFound();
  return { locale, associate, report };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, associate, report } = await load(params);
  // Spec §1 'title | suffix': the report, then its associate (the layout adds the site name).
  return associatePageMetadata({
    associate,
    section: report.title,
    description: report.body,
    href: activityReportHref(associate.uid, report.id),
    locale,
  });
}

export default async function AssociateActivityReportPage({ params }: { params: Params }) {
  const { locale, associate, report } = await load(params);
  const t = await getTranslations({ locale, namespace: 'associatePages.activityReport' });
  return (
    <AssociatePageFrame associate={associate} active="overview" crumbs={[{ label: t('label') }, { label: report.title }]}>
      <ActivityReportArticle report={report} />
    </AssociatePageFrame>
  );
}
