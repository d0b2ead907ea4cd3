'use client';
// What a staff page shows while loading, to someone who is not staff, or when loading failed.
import { useTranslations } from 'next-intl';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import type { StaffLoad } from './use-staff-load';

export function StaffLoadState<T>({ load, retry, testId }: { load: StaffLoad<T>; retry: () => void; testId: string }) {
  const t = useTranslations('staff.applications');
  if (load.state === 'loading') return <LoadingStatus testId={`${testId}-loading`}>{t('loading')}</LoadingStatus>;
  if (load.state === 'forbidden' || load.state === 'notFound')
    return (
      <p className="rounded-2xl bg-slate-50 p-8 text-center" data-testid={`${testId}-${load.state}`}>
        {t(load.state)}
      </p>
    );
  if (load.state === 'failed')
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={retry} testId={`${testId}-failed`} />;
  return null;
}
