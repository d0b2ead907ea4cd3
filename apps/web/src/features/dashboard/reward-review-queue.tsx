'use client';
// Kifu's staff screen for reward reviews (ADR 036): each waiting review, oldest first,
// with the campaign and every reward it covers; staff approve it, or send it back with a comment
// the campaign's owner reads in their mail and on the dashboard. A decided review leaves the list.
import type { api } from '@kifu/domain';
import { CAMPAIGN_LIMITS } from '@kifu/domain/campaign-editing';
import type { Locale } from '@kifu/domain/enums';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';
import { createDashboardApi, type DashboardApi } from './dashboard-api';
import { TextField, useSave } from './dashboard-form';

type Waiting = api.WaitingRewardCheck;

export function RewardReviewQueue() {
  const t = useTranslations('dashboard.staffReview');
  const locale = useLocale() as Locale;
  const calls = useMemo(() => createDashboardApi(), []);
  const [list, setList] = useState<Waiting[] | 'failed' | 'forbidden' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const load = useCallback(() => {
    calls
      .send<{ results: Waiting[] }>('GET', `/staff/reward-checks/?lang=${locale}`)
      .then((answer) => setList(answer.results))
      .catch((error: unknown) => setList(error instanceof ApiError && error.status === 403 ? 'forbidden' : 'failed'));
  }, [calls, locale]);
  useEffect(load, [load]);
  if (list === null) return <LoadingStatus>{t('loading')}</LoadingStatus>;
  if (list === 'forbidden')
    return (
      <p className="rounded-2xl bg-slate-50 p-8 text-center" data-testid="staff-review-forbidden">
        {t('forbidden')}
      </p>
    );
  if (list === 'failed')
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={load} testId="staff-review-failed" />;
  const decided = (check: Waiting, status: 'approved' | 'rejected') => {
    setAnnouncement(t(status, { title: check.campaign.title || t('untitled') }));
    setList((current) => (Array.isArray(current) ? current.filter((other) => other.id !== check.id) : current));
  };
  return (
    <>
      <p role="status" className="font-semibold" data-testid="staff-review-announcement">
        {announcement}
      </p>
      {list.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-8 text-center" data-testid="staff-review-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.map((check) => (
            <WaitingReview key={check.id} check={check} calls={calls} onDecided={(status) => decided(check, status)} />
          ))}
        </ul>
      )}
    </>
  );
}

function WaitingReview({
  check,
  calls,
  onDecided,
}: {
  check: Waiting;
  calls: DashboardApi;
  onDecided: (status: 'approved' | 'rejected') => void;
}) {
  const t = useTranslations('dashboard.staffReview');
  const yen = useTranslations();
  const locale = useLocale() as Locale;
  const format = useFormatter();
  const [comment, setComment] = useState('');
  const decide = useSave<'approved' | 'rejected'>(
    async (status) => {
      await calls.send('PATCH', `/campaign/reward-check/${check.id}/`, { status, comment, lang: locale });
      onDecided(status);
    },
    { comment: t('comment') },
  );
  const headingId = `review-${check.id}-heading`;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-5" data-testid="staff-review" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold">
        {check.campaign.title || t('untitled')}
      </h2>
      <p className="text-sm text-muted">
        {check.campaign.associate_name} · {check.campaign.type_label} ·{' '}
        {t('askedOn', { date: format.dateTime(new Date(check.created_at), { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }) })}
      </p>
      <ul className="flex flex-col gap-2">
        {check.rewards.map((reward) => (
          <li key={reward.id} className="flex gap-3 rounded-xl bg-slate-50 p-3" data-testid="staff-review-reward">
            <img src={reward.image_url} alt="" width={64} height={64} className="size-16 rounded-lg bg-slate-100 object-cover" />
            <div className="flex min-w-0 flex-col gap-1 text-sm">
              <p className="font-bold">{reward.title}</p>
              <p>
                {yen('format.yen', { amount: reward.amount })} ·{' '}
                {reward.stock === null ? t('noLimit') : t('stock', { count: reward.stock })}
                {reward.shipping_month ? ` · ${t('ships', { month: reward.shipping_month })}` : ''}
              </p>
              {reward.description ? <p className="text-muted">{reward.description}</p> : null}
            </div>
          </li>
        ))}
      </ul>
      <TextField
        id={`review-${check.id}-comment`}
        label={t('comment')}
        value={comment}
        onChange={setComment}
        error={decide.errors.comment}
        hint={t('commentHint')}
        multiline
        maxLength={CAMPAIGN_LIMITS.itemDescriptionMax}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          disabled={decide.busy}
          className={buttonClasses()}
          onClick={() => void decide.save('approved')}
          data-testid="staff-review-approve"
        >
          {t('approve')}
        </button>
        <button
          type="button"
          disabled={decide.busy}
          className={buttonClasses({ variant: 'secondary' })}
          onClick={() => void decide.save('rejected')}
          data-testid="staff-review-reject"
        >
          {t('reject')}
        </button>
        <p role="status" className="text-sm text-muted">
          {decide.status}
        </p>
      </div>
    </li>
  );
}
