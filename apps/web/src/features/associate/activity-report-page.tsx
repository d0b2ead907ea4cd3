// One activity report of an associate ('what your gift did', ADR 033): its title, the date it was
// published (in Japan), its body — the console editor's sanitised HTML (ADR 068), or the plain-text
// paragraphs of an older report —, a link back to the associate's page and one to support it.
import type { api } from '@kifu/domain';
import { useFormatter, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { CampaignStory } from '@/components/ui/campaign-story';
import { Link } from '@/i18n/navigation';
import { associateHref, donateHref } from './associate-links';

export function ActivityReportArticle({ report }: { report: api.AssociateActivityReport }) {
  const t = useTranslations('associatePages.activityReport');
  const format = useFormatter();
  const publishedOn = format.dateTime(new Date(report.published_at), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Asia/Tokyo',
  });
  const uid = report.associate.uid;
  return (
    <article aria-labelledby="activity-report-title" data-testid="activity-report">
      <p className="text-sm font-semibold text-brand-700">{t('label')}</p>
      {/* The associate's name is the page's h1 (AssociatePageFrame's header). */}
      <h2 id="activity-report-title" className="mt-1 text-2xl leading-snug font-bold" data-testid="activity-report-title">
        {report.title}
      </h2>
      <p className="mt-2 text-sm text-muted">
        <time dateTime={report.published_at} data-testid="activity-report-date">
          {t('publishedOn', { date: publishedOn })}
        </time>
      </p>
      <div className="mt-6" data-testid="activity-report-body">
        <CampaignStory html={report.body_html} text={report.body} />
      </div>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Link href={associateHref(uid)} className="text-sm font-semibold text-brand-700 hover:underline" data-testid="activity-report-back">
          {t('back')}
        </Link>
        <Link
          href={donateHref(uid)}
          className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}
          data-testid="activity-report-support"
        >
          {t('support')}
        </Link>
      </div>
    </article>
  );
}
