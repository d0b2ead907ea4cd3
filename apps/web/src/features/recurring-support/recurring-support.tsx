'use client';
// /mypage/recurring-support (ADR 034): the signed-in supporter's recurring donations (spec §7
// /user/my_page/recurring_donation/associate/), each a card with what may be changed on it.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { createRecurringApi, failureOf, type RecurringCaller } from './recurring-api';
import { RecurringCard } from './recurring-card';

/** `caller` 'guest': the list and changes of the session a mailed link opened (/auth/application/edit-recurring-donations). */
export function RecurringSupport({ caller = 'supporter' }: { caller?: RecurringCaller }) {
  const t = useTranslations('recurring');
  const locale = useLocale() as Locale;
  const calls = useMemo(() => createRecurringApi(undefined, caller), [caller]);
  const [items, setItems] = useState<api.RecurringSupportItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    calls
      .list(locale, controller.signal)
      .then(setItems)
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(failureOf(failure, locale).message);
      });
    return () => controller.abort();
  }, [calls, locale, attempt]);

  const updated = useCallback((next: api.RecurringSupportItem) => {
    setItems((current) => current?.map((item) => (item.id === next.id ? next : item)) ?? current);
  }, []);

  if (error) {
    return (
      <LoadFailed
        message={t('loadFailed')}
        detail={error}
        retryLabel={t('retry')}
        onRetry={() => setAttempt((n) => n + 1)}
        testId="recurring-load-error"
      />
    );
  }
  if (!items) return <LoadingStatus testId="recurring-loading">{t('loading')}</LoadingStatus>;
  if (items.length === 0) {
    return (
      <div className="rounded-2xl bg-slate-50 p-8 text-center" data-testid="recurring-empty">
        <p>{t('empty')}</p>
        <p className="mt-1 text-sm text-muted">{t('emptyHint')}</p>
        <Link href="/associate" className={buttonClasses({ size: 'sm', className: 'mt-4' })}>
          {t('findAssociates')}
        </Link>
      </div>
    );
  }
  return (
    <section aria-label={t('list')} data-testid="recurring-support">
      <ul className="flex flex-col gap-4">
        {items.map((item) => (
          <RecurringCard
            key={item.id}
            item={item}
            onUpdated={updated}
            api={calls}
            cardPath={caller === 'guest' ? '/credit' : '/mypage/credit-card'}
          />
        ))}
      </ul>
    </section>
  );
}
