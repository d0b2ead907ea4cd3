'use client';
// Starting a campaign (ADR 036, spec §2): /associate/{uid}/create-campaign offers the types this
// user may start for the associate; /associate/{uid}/create-campaign/{type} its templates for the
// type (or blank), and choosing one makes the draft and opens its dashboard.
// /campaign/{id}/create-support-funding/{type} starts a supporter's fundraiser for a campaign.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { campaignTypeKey } from '@/lib/campaign-type-name';
import { Link, useRouter } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-client';
import { createDashboardApi } from './dashboard-api';
import { dashboardPath } from './dashboard-paths';

function useTemplates(uid: string) {
  const locale = useLocale() as Locale;
  const calls = useMemo(() => createDashboardApi(), []);
  const [list, setList] = useState<api.CampaignTemplateList | 'failed' | 'missing' | null>(null);
  useEffect(() => {
    calls
      .templates(uid, locale)
      .then(setList)
      .catch((error: unknown) => setList(error instanceof ApiError && error.status === 404 ? 'missing' : 'failed'));
  }, [calls, uid, locale]);
  return { list, calls, locale };
}

export function CampaignTypeChooser({ uid }: { uid: string }) {
  const t = useTranslations('dashboard.create');
  const types = useTranslations('campaign.types');
  const { list } = useTemplates(uid);
  if (list === null) return <LoadingStatus>{t('loading')}</LoadingStatus>;
  if (list === 'missing') return <p role="alert">{t('noAssociate')}</p>;
  if (list === 'failed')
    return <LoadFailed message={t('failed')} retryLabel={t('retry')} onRetry={() => location.reload()} testId="create-failed" />;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="campaign-types">
      {list.allowed_types.map((type) => (
        <li key={type}>
          <Link
            href={`/associate/${uid}/create-campaign/${type}`}
            className="block rounded-2xl border border-slate-200 p-4 hover:border-brand-500"
            data-testid={`campaign-type-${type}`}
          >
            <span className="font-bold">{types(campaignTypeKey(type))}</span>
            <span className="mt-1 block text-sm text-muted">{t(`typeHints.${campaignTypeKey(type)}`)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function CampaignTemplateChooser({ uid, type }: { uid: string; type: number }) {
  const t = useTranslations('dashboard.create');
  const router = useRouter();
  const { list, calls, locale } = useTemplates(uid);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (list === null) return <LoadingStatus>{t('loading')}</LoadingStatus>;
  if (list === 'missing') return <p role="alert">{t('noAssociate')}</p>;
  if (list === 'failed')
    return <LoadFailed message={t('failed')} retryLabel={t('retry')} onRetry={() => location.reload()} testId="create-failed" />;
  if (!list.allowed_types.includes(type))
    return (
      <p role="alert" className="rounded-xl bg-amber-50 p-4" data-testid="type-not-allowed">
        {t('typeNotAllowed')}
      </p>
    );
  async function start(templateId: number | null) {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const created = await calls.create({ associate_uid: uid, type, template_id: templateId, lang: locale });
      router.push(dashboardPath(created.id, 'campaign/setting'));
    } catch {
      setError(t('failed'));
      setBusy(false);
    }
  }
  const templates = list.results.filter((template) => template.type === type);
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3" data-testid="campaign-templates">
        {templates.map((template) => (
          <li key={template.id} className="rounded-2xl border border-slate-200 p-4">
            <p className="font-bold">{template.title}</p>
            <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-muted">{template.body}</p>
            <button
              type="button"
              disabled={busy}
              onClick={() => void start(template.id)}
              className={buttonClasses({ className: 'mt-3' })}
              data-testid="template-use"
            >
              {t('useTemplate')}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        disabled={busy}
        onClick={() => void start(null)}
        className={buttonClasses({ variant: 'secondary', className: 'self-start' })}
        data-testid="template-blank"
      >
        {t('blank')}
      </button>
      <p role="status" className="text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}

export function FundraiserStart({ campaignId, type }: { campaignId: number; type: number }) {
  const t = useTranslations('dashboard.create');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const calls = useMemo(() => createDashboardApi(), []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function start() {
    setBusy(true);
    setError('');
    try {
      const created = await calls.startFundraiser(campaignId, type, locale);
      router.push(dashboardPath(created.id, 'campaign/content'));
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 403
          ? t('typeNotAllowed')
          : failure instanceof ApiError && failure.status === 409
            ? t('parentEnded')
            : t('failed'),
      );
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <p>{t('fundraiserLead')}</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void start()}
        className={buttonClasses({ className: 'self-start' })}
        data-testid="fundraiser-start"
      >
        {t('fundraiserStart')}
      </button>
      <p role="status" className="text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}
