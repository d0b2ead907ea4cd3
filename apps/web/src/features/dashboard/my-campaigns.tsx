'use client';
// /mypage/campaigns (ADR 036): the campaigns the user made and those of the associates they are a
// member of, drafts included, each with its state and totals and a link to its dashboard.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { createDashboardApi } from './dashboard-api';
import { dashboardPath } from './dashboard-paths';

export function MyCampaigns() {
  const t = useTranslations('dashboard');
  const yen = useTranslations();
  const locale = useLocale() as Locale;
  const calls = useMemo(() => createDashboardApi(), []);
  const [list, setList] = useState<api.MyCampaignList | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    calls
      .mine(locale)
      .then(setList)
      .catch(() => setList('failed'));
  }, [calls, locale, attempt]);
  if (list === null) return <LoadingStatus>{t('loading')}</LoadingStatus>;
  if (list === 'failed')
    return (
      <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => setAttempt((n) => n + 1)} testId="my-campaigns-failed" />
    );
  if (list.results.length === 0)
    return (
      <p className="rounded-2xl bg-slate-50 p-8 text-center" data-testid="my-campaigns-empty">
        {t('mine.empty')}{' '}
        <Link href="/associate" className="font-semibold text-brand-700 underline">
          {t('mine.findAssociate')}
        </Link>
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      {list.draft_count > 0 ? <p data-testid="my-campaigns-drafts">{t('mine.drafts', { count: list.draft_count })}</p> : null}
      <ul className="flex flex-col gap-3">
        {list.results.map((campaign) => (
          <li key={campaign.id} className="flex gap-4 rounded-2xl border border-slate-200 p-4" data-testid="my-campaign">
            <img
              src={campaign.main_visual_url}
              alt=""
              width={120}
              height={63}
              className="h-16 w-30 shrink-0 rounded-lg bg-slate-100 object-cover"
            />
            <div className="flex min-w-0 flex-col gap-1">
              <Link
                href={dashboardPath(campaign.id, 'campaign')}
                className="font-bold text-brand-700 underline"
                data-testid="my-campaign-link"
              >
                {campaign.title || t('untitled')}
              </Link>
              <p className="text-sm text-muted">
                <span data-testid="my-campaign-status">{t(`status.${campaign.status}`)}</span> · {campaign.associate.name} ·{' '}
                {t('mine.raised', {
                  raised: yen('format.yen', { amount: campaign.raised_amount }),
                  goal: yen('format.yen', { amount: campaign.goal_amount }),
                })}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
