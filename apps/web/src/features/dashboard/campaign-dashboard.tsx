'use client';
// The campaign dashboard /campaign/{id}/dashboard/{section} (spec §2, ADR 036): the campaign's
// title and status, the sub-pages, and release with its checklist (each unmet check links to the
// page that fixes it) or return to private. Only the campaign's owner and its associate's members
// get it from the API; anyone else sees "not found", as for a campaign that does not exist.
import type { api } from '@kifu/domain';
import { RELEASE_CHECKS, type ReleaseCheck } from '@kifu/domain/campaign-editing';
import type { Locale } from '@kifu/domain/enums';
import { inLanguage } from '@kifu/domain/localised-text';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-client';
import { createDashboardApi, unmetChecks } from './dashboard-api';
import { dashboardPath, DASHBOARD_SECTIONS, sectionOf, type DashboardSection } from './dashboard-paths';
import { DashboardSectionView } from './dashboard-sections';

/** Where each release check is fixed. */
export const CHECK_SECTION: Record<ReleaseCheck, DashboardSection> = {
  title: 'campaign/content',
  summary: 'campaign/content',
  story: 'campaign/body',
  mainVisual: 'campaign/content',
  goal: 'campaign/setting',
  endDate: 'campaign/setting',
  rewardsApproved: 'campaign/check',
};

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; campaign: api.EditableCampaign };

/** `preview` is the campaign's public page as the preview section shows it (features/campaign, placed by the page). */
export function CampaignDashboard({ id, path, preview }: { id: number; path: string[]; preview: ReactNode }) {
  const t = useTranslations('dashboard');
  const locale = useLocale() as Locale;
  const calls = useMemo(() => createDashboardApi(), []);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const section = sectionOf(path);

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    calls
      .campaign(id)
      .then((campaign) => setLoad({ state: 'ready', campaign }))
      .catch((error: unknown) => setLoad({ state: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed' }));
  }, [calls, id]);
  useEffect(reload, [reload]);

  if (load.state === 'loading') return <LoadingStatus testId="dashboard-loading">{t('loading')}</LoadingStatus>;
  if (load.state === 'missing')
    return (
      <p role="alert" className="rounded-2xl bg-slate-50 p-8 text-center" data-testid="dashboard-not-found">
        {t('notFound')}
      </p>
    );
  if (load.state === 'failed')
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="dashboard-failed" />;
  const { campaign } = load;
  const updated = (next: api.EditableCampaign) => setLoad({ state: 'ready', campaign: next });

  return (
    <div className="flex flex-col gap-6" data-testid="campaign-dashboard" data-campaign-id={campaign.id}>
      <header className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span
            className={cx(
              'rounded-full px-3 py-1 font-semibold',
              campaign.status === 'published' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-800',
            )}
            data-testid="dashboard-status"
          >
            {t(`status.${campaign.status}`)}
          </span>
          <span className="text-muted" data-testid="dashboard-associate">
            {inLanguage(campaign.associate.name, campaign.associate.name_en, locale)}
          </span>
          {campaign.status !== 'draft' ? (
            <Link href={`/campaign/${campaign.id}`} className="font-semibold text-brand-700 underline" data-testid="dashboard-public-link">
              {t('publicPage')}
            </Link>
          ) : null}
        </p>
        <h1 className="text-2xl font-bold" data-testid="dashboard-title">
          {inLanguage(campaign.title, campaign.title_en, locale) || t('untitled')}
        </h1>
      </header>
      <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label={t('navLabel')}>
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {DASHBOARD_SECTIONS.map((item) => (
              <li key={item}>
                <Link
                  href={dashboardPath(campaign.id, item)}
                  aria-current={item === section ? 'page' : undefined}
                  className={cx(
                    'block rounded-lg px-3 py-2 text-sm',
                    item === section ? 'bg-brand-50 font-bold text-brand-800' : 'hover:bg-slate-50',
                  )}
                  data-testid={`dashboard-nav-${item.replace('/', '-')}`}
                >
                  {t(`sections.${item.replace('/', '_')}` as 'sections.campaign')}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-6">
          <ReleasePanel campaign={campaign} onUpdated={updated} calls={calls} />
          <DashboardSectionView section={section} path={path} preview={preview} campaign={campaign} onUpdated={updated} calls={calls} />
        </div>
      </div>
    </div>
  );
}

function ReleasePanel({
  campaign,
  onUpdated,
  calls,
}: {
  campaign: api.EditableCampaign;
  onUpdated: (next: api.EditableCampaign) => void;
  calls: ReturnType<typeof createDashboardApi>;
}) {
  const t = useTranslations('dashboard');
  const locale = useLocale();
  const format = useFormatter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const ready = RELEASE_CHECKS.every((check) => campaign.release_checks[check]);
  const associate = (locale === 'en' && campaign.associate.name_en) || campaign.associate.name;
  const approval = campaign.approval;
  // A supporter's campaign goes public once its associate approves it (ADR 069).
  const waiting = approval.required && approval.status === 'requested';
  async function act(kind: 'release' | 'toPrivate') {
    if (busy) return;
    setBusy(true);
    setMessage('');
    try {
      const next = kind === 'release' ? await calls.release(campaign.id) : await calls.toPrivate(campaign.id);
      onUpdated(next);
      if (kind === 'toPrivate') setMessage(t(waiting ? 'approvalWithdrawn' : 'madePrivate'));
      else setMessage(next.status === 'draft' ? t('approvalRequested', { associate }) : t('released'));
    } catch (error) {
      const unmet = unmetChecks(error);
      setMessage(unmet.length > 0 ? t('notReady') : t('saveFailed'));
      // The checklist follows what the API found unmet (the campaign may have changed in another tab).
      if (unmet.length > 0) onUpdated(await calls.campaign(campaign.id));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="rounded-2xl bg-slate-50 p-5" data-testid="release-panel" aria-labelledby="release-heading">
      <h2 id="release-heading" className="font-bold">
        {campaign.status === 'draft' ? t('release.title') : t('release.publishedTitle')}
      </h2>
      {campaign.status === 'draft' ? (
        <>
          {approval.required && approval.status === 'not_requested' ? (
            <p className="mt-2 text-sm" data-testid="approval-note">
              {t('release.approvalNote', { associate })}
            </p>
          ) : null}
          {waiting ? (
            <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="approval-waiting">
              {t('release.waiting', {
                associate,
                date: format.dateTime(new Date(approval.requested_at ?? Date.now()), { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }),
              })}
            </p>
          ) : null}
          {approval.required && approval.status === 'declined' ? (
            <div className="mt-2 rounded-xl bg-red-50 p-3 text-sm text-red-900" data-testid="approval-declined">
              <p className="font-semibold">{t('release.declined', { associate })}</p>
              {approval.reason ? (
                <p className="mt-1 whitespace-pre-line">{t('release.declinedReason', { associate, reason: approval.reason })}</p>
              ) : null}
            </div>
          ) : null}
          <ul className="mt-3 grid gap-1 sm:grid-cols-2" data-testid="release-checks">
            {RELEASE_CHECKS.map((check) => (
              <li
                key={check}
                className="flex items-center gap-2 text-sm"
                data-testid={`release-check-${check}`}
                data-met={campaign.release_checks[check]}
              >
                <span aria-hidden="true" className={campaign.release_checks[check] ? 'text-emerald-700' : 'text-red-700'}>
                  {campaign.release_checks[check] ? '✓' : '✗'}
                </span>
                <span className="sr-only">{t(campaign.release_checks[check] ? 'release.met' : 'release.unmet')}</span>
                {campaign.release_checks[check] ? (
                  t(`checks.${check}`)
                ) : (
                  <Link href={dashboardPath(campaign.id, CHECK_SECTION[check])} className="text-brand-700 underline">
                    {t(`checks.${check}`)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
          {waiting ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void act('toPrivate')}
              className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}
              data-testid="withdraw-approval-button"
            >
              {t('release.withdraw')}
            </button>
          ) : (
            <button
              type="button"
              disabled={!ready || busy}
              onClick={() => void act('release')}
              className={buttonClasses({ className: 'mt-4' })}
              data-testid="release-button"
            >
              {!approval.required ? t('release.button') : approval.status === 'declined' ? t('release.askAgain') : t('release.askApproval')}
            </button>
          )}
        </>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => void act('toPrivate')}
          className={buttonClasses({ variant: 'secondary', className: 'mt-3' })}
          data-testid="to-private-button"
        >
          {t('release.toPrivate')}
        </button>
      )}
      <p role="status" className="mt-2 text-sm" data-testid="release-message">
        {message}
      </p>
    </section>
  );
}
