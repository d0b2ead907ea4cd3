// /campaign/{id}/report/{reportId} (spec §2): one published report of a released campaign, with
// its main visual, date, body and the report schedules it fulfils. A draft report, a report of
// another campaign, or an unknown id → 404.
import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { PageContainer } from '@/components/ui/page-container';
import { CampaignStory } from '@/components/ui/campaign-story';
import { CampaignSupportButton } from '@/features/campaign/campaign-funding';
import { campaignReportPath, campaignReportsPath } from '@/features/campaign/campaign-links';
import { loadCampaign } from '@/features/campaign/campaign-params';
import { CampaignSubpageHeader } from '@/features/campaign/campaign-subpage-header';
import { fetchCampaignReport } from '@/features/campaign/fetch-campaigns';
import { metaDescription } from '@/lib/meta-description';
import { pageAlternates } from '@/lib/page-metadata';
import { noPathsAtBuild } from '@/lib/cached-page';
import { pathIdOf } from '@/lib/page-record';

export const revalidate = 60; // cached page, ADR 020 (src/lib/cached-page.ts)
export const generateStaticParams = noPathsAtBuild;

type Params = Promise<{ locale: string; id: string; reportId: string }>;

async function load(params: Params) {
  const { locale, campaign } = await loadCampaign(params);
  const reportId = pathIdOf((await params).reportId);
  const report = reportId === undefined ? null : await fetchCampaignReport(campaign.id, reportId, locale);
  if (!report) notFound();
  return { locale, campaign, report };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale, campaign, report } = await load(params);
  return {
    // Spec §1 'title | suffix': the report, then its campaign (the layout adds the site name).
    title: `${report.title} | ${campaign.title}`,
    description: metaDescription(report.body || campaign.summary),
    alternates: pageAlternates(campaignReportPath(campaign.id, report.id), locale),
  };
}

export default async function CampaignReportPage({ params }: { params: Params }) {
  const { locale, campaign, report } = await load(params);
  const t = await getTranslations({ locale, namespace: 'campaign.reports' });
  const format = await getFormatter({ locale });
  const date = (value: Date) => format.dateTime(value, { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <PageContainer width="md" className="pb-16">
      <article data-testid="campaign-report-detail">
        <CampaignSubpageHeader
          campaign={campaign}
          trail={[{ href: campaignReportsPath(campaign.id), label: t('allReports') }]}
          title={report.title}
        >
          <p className="mt-2 text-sm text-muted">
            <time dateTime={report.published_at}>{t('publishedOn', { date: date(new Date(report.published_at)) })}</time>
          </p>
        </CampaignSubpageHeader>
        <img
          src={report.main_visual_url}
          alt=""
          width={1200}
          height={630}
          className="aspect-[40/21] w-full rounded-2xl bg-slate-100 object-cover"
          data-testid="report-main-visual"
        />
        <div className="mt-8" data-testid="report-body">
          <CampaignStory html={report.body_html} text={report.body} />
        </div>
        {report.schedules.length > 0 ? (
          <section className="mt-8 rounded-2xl bg-slate-50 p-5" aria-labelledby="report-schedules-title" data-testid="report-schedules">
            <h2 id="report-schedules-title" className="text-sm font-bold">
              {t('schedules')}
            </h2>
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {report.schedules.map((schedule) => (
                <li key={schedule.id} className="flex flex-wrap justify-between gap-2" data-testid="report-schedule">
                  <span>{schedule.title}</span>
                  {/* due_on is a calendar date: read it as one, whatever the zone. */}
                  <span className="text-muted">
                    {t('due', {
                      date: format.dateTime(new Date(`${schedule.due_on}T00:00:00Z`), {
                        year: 'numeric',
                        month: 'long',
                        day: 'numeric',
                        timeZone: 'UTC',
                      }),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="mt-10 max-w-sm">
          <CampaignSupportButton campaign={campaign} testId="campaign-support" />
        </div>
      </article>
    </PageContainer>
  );
}
