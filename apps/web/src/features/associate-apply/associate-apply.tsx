'use client';
// /associate/apply (ADR 078): a signed-in user applies for their organisation, and comes back here
// to see how it stands — waiting for staff, sent back with what to change (the form opens with
// what they sent), approved (their console and public page are a click away), or declined (the
// reason, and a fresh form to apply again).
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { applyApi } from './apply-api';
import { emptyValues, valuesOf } from './apply-fields';
import { ApplyForm } from './apply-form';

function StatusPanel({ application }: { application: api.AssociateApplicationView }) {
  const t = useTranslations('associateApply');
  const heading = useRef<HTMLHeadingElement>(null);
  // Where the keyboard and the screen reader land after sending: the answer.
  useEffect(() => heading.current?.focus(), [application.id, application.status]);
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="apply-status"
      data-status={application.status}
    >
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
        {t(`status.${application.status}.title`)}
      </h2>
      <p>{t('summary', { name: application.name, uid: application.requested_uid })}</p>
      <p>{t(`status.${application.status}.body`)}</p>
      {application.reason ? (
        <p className="whitespace-pre-wrap rounded-xl bg-amber-50 p-3" data-testid="apply-reason">
          {application.reason}
        </p>
      ) : null}
      {application.status === 'approved' && application.associate_uid ? (
        <div className="flex flex-wrap gap-3">
          <Link href={`/dashboard/${application.associate_uid}`} className={buttonClasses({ size: 'md' })} data-testid="apply-open-console">
            {t('openConsole')}
          </Link>
          <Link href={`/associate/${application.associate_uid}`} className={buttonClasses({ variant: 'secondary', size: 'md' })}>
            {t('openPage')}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

export function AssociateApply() {
  const t = useTranslations('associateApply');
  const locale = useLocale() as Locale;
  const [mine, setMine] = useState<api.AssociateApplicationView | null | 'loading' | 'failed'>('loading');
  const load = useCallback(() => {
    setMine('loading');
    applyApi
      .mine(locale)
      .then((answer) => setMine(answer.application))
      .catch(() => setMine('failed'));
  }, [locale]);
  useEffect(load, [load]);

  if (mine === 'loading') return <LoadingStatus testId="apply-loading">{t('loading')}</LoadingStatus>;
  if (mine === 'failed') return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={load} testId="apply-load-failed" />;
  const sendsAgain = mine?.status === 'changes_requested';
  const mayApply = mine === null || mine.status === 'declined' || sendsAgain;
  return (
    <div className="flex flex-col gap-6">
      {mine ? <StatusPanel application={mine} /> : null}
      {mayApply ? (
        <ApplyForm
          key={mine ? `${mine.id}-${mine.status}` : 'new'}
          initial={sendsAgain ? valuesOf(mine) : emptyValues()}
          resubmitId={sendsAgain ? mine.id : undefined}
          onSent={(application) => {
            setMine(application);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
    </div>
  );
}
