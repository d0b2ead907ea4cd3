'use client';
// /dashboard/{uid}/settings (ADR 060, ADR 061): the month the associate's fiscal year starts, which
// is how the donor register cuts its years. Every member reads it; owners change it (the API checks
// again), others see it without a form.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { inputClasses } from '@/components/ui/input-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-client';
import { consoleApi } from './console-api';
import { consolePath, useConsoleCaller } from './console-shell';
import { PayoutAccountSection } from './payout-account';
import { useConsoleLoad } from './use-console-load';

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** A month's name in the reader's language (4月, April). */
function useMonthName() {
  const locale = useLocale() as Locale;
  const names = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return (month: number) => names.format(new Date(Date.UTC(2000, month - 1, 1)));
}

function SettingsForm({ uid, settings, onSaved }: { uid: string; settings: api.ConsoleSettings; onSaved: () => void }) {
  const t = useTranslations('console.settings');
  const monthName = useMonthName();
  const [month, setMonth] = useState(settings.fiscal_year_start_month);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setNotice(null);
    try {
      const saved = await consoleApi.changeSettings(uid, { fiscal_year_start_month: month });
      setNotice({ kind: 'status', text: t('saved', { month: monthName(saved.fiscal_year_start_month) }) });
      onSaved();
    } catch (error) {
      setNotice({ kind: 'alert', text: error instanceof ApiError && error.status === 403 ? t('forbidden') : t('failed') });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={save} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="settings-form">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-semibold">{t('startMonth')}</span>
          <select
            value={month}
            onChange={(event) => setMonth(Number(event.target.value))}
            className={inputClasses(false, 'w-auto')}
            data-testid="settings-month"
          >
            {MONTHS.map((value) => (
              <option key={value} value={value}>
                {monthName(value)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={sending}
          className={buttonClasses({ size: 'sm', className: 'disabled:opacity-60' })}
          data-testid="settings-save"
        >
          {sending ? t('saving') : t('save')}
        </button>
      </div>
      <div aria-live="polite" data-testid="settings-notice">
        {notice ? (
          <p
            role={notice.kind}
            className={notice.kind === 'alert' ? 'rounded-xl bg-red-50 p-3 text-red-800' : 'rounded-xl bg-emerald-50 p-3 text-emerald-900'}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}

export function ConsoleSettings() {
  const t = useTranslations('console');
  const locale = useLocale();
  const monthName = useMonthName();
  const { associate, permissions } = useConsoleCaller();
  const uid = associate.uid;
  const [settings, reload] = useConsoleLoad(() => consoleApi.settings(uid), `${uid}:${locale}`);
  // The form keeps its own notice while the page asks again after a save.
  const [shown, setShown] = useState<api.ConsoleSettings | null>(null);
  if (settings.state === 'loaded' && shown !== settings.value) setShown(settings.value);
  return (
    <div className="flex flex-col gap-6" data-testid="console-settings">
      <h1 className="text-2xl font-bold">{t('settings.title')}</h1>
      <section aria-labelledby="settings-fiscal-year" className="flex flex-col gap-3">
        <h2 id="settings-fiscal-year" className="text-lg font-bold">
          {t('settings.fiscalYear')}
        </h2>
        <p className="text-muted">
          {t('settings.lead')}{' '}
          <Link href={consolePath(uid, 'donor-register')} className="text-brand-700 underline underline-offset-2">
            {t('donorRegister')}
          </Link>
        </p>
        {settings.state === 'failed' ? (
          <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="settings-load-failed" />
        ) : shown === null ? (
          <LoadingStatus testId="settings-loading">{t('loading')}</LoadingStatus>
        ) : permissions.administer ? (
          <SettingsForm uid={uid} settings={shown} onSaved={reload} />
        ) : (
          <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4" data-testid="settings-read-only">
            <p>
              {t('settings.startMonth')}: <span className="font-semibold">{monthName(shown.fiscal_year_start_month)}</span>
            </p>
            <p className="text-sm text-muted">{t('settings.ownersOnly')}</p>
          </div>
        )}
      </section>
      <PayoutAccountSection />
    </div>
  );
}
