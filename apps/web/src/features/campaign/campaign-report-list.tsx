// Published reports of a campaign, newest first, each linking to its page.
import type { api } from '@kifu/domain';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { campaignReportPath } from './campaign-links';

export function CampaignReportList({
  campaignId,
  reports,
  empty,
}: {
  campaignId: number;
  reports: api.CampaignReportSummary[];
  empty: string;
}) {
  const t = useTranslations('campaign.reports');
  const format = useFormatter();
  if (reports.length === 0) return <p className="rounded-xl bg-slate-50 p-6 text-center text-muted">{empty}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {reports.map((report) => (
        <li key={report.id} data-testid="campaign-report">
          <Link
            href={campaignReportPath(campaignId, report.id)}
            className="group flex gap-4 rounded-xl border border-slate-200 bg-white p-3 hover:shadow-sm"
          >
            <img
              src={report.main_visual_url}
              alt=""
              width={128}
              height={72}
              loading="lazy"
              className="aspect-video w-28 shrink-0 rounded-lg bg-slate-100 object-cover md:w-36"
            />
            <span className="flex min-w-0 flex-col justify-center gap-1">
              <span className="font-bold leading-snug group-hover:text-brand-700" data-testid="report-title">
                {report.title}
              </span>
              <time dateTime={report.published_at} className="text-sm text-muted">
                {t('publishedOn', {
                  date: format.dateTime(new Date(report.published_at), { year: 'numeric', month: 'long', day: 'numeric' }),
                })}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
