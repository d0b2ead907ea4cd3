'use client';
// /receipt-zip/download (spec §2, ADR 033): waits for a receipt ZIP the supporter asked for (a job
// makes it) by asking where it stands every 2 seconds, then offers it. ?kind=monthly reads it under
// /donation/monthly-receipt-zip-file/, everything else under /donation/receipt-zip-file/.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { RECEIPT_ERRORS } from '@kifu/domain/catalogue/receipt-texts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { Link } from '@/i18n/navigation';
import { failureMessage, getJson } from './history-api';

const POLL_MS = 2_000;
/** After this long the page stops asking and says to come back. */
const GIVE_UP_MS = 3 * 60_000;

type State = { kind: 'waiting' } | { kind: 'ready'; bundle: api.ReceiptBundle } | { kind: 'slow' } | { kind: 'failed'; message: string };

export function ReceiptZipDownload() {
  const t = useTranslations('history.zipPage');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const params = useSearchParams();
  const id = Number(params.get('id'));
  const base = params.get('kind') === 'monthly' ? '/donation/monthly-receipt-zip-file' : '/donation/receipt-zip-file';
  const valid = Number.isInteger(id) && id > 0;
  const [state, setState] = useState<State>(valid ? { kind: 'waiting' } : { kind: 'failed', message: t('notFound') });

  useEffect(() => {
    if (!valid) return;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const ask = async () => {
      try {
        const bundle = await getJson<api.ReceiptBundle>(`${base}/${id}/`, controller.signal);
        if (bundle.status === 'ready') return setState({ kind: 'ready', bundle });
        if (bundle.status === 'failed') return setState({ kind: 'failed', message: RECEIPT_ERRORS.bundleFailed[locale] });
        if (Date.now() - started > GIVE_UP_MS) return setState({ kind: 'slow' });
        timer = setTimeout(ask, POLL_MS);
      } catch (error) {
        if (!controller.signal.aborted) setState({ kind: 'failed', message: failureMessage(error, locale) });
      }
    };
    void ask();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [base, id, valid, locale]);

  return (
    <div className="flex flex-col items-start gap-4" data-testid="receipt-zip-page">
      {state.kind === 'waiting' ? (
        <p role="status" className="text-muted" data-testid="receipt-zip-waiting">
          {t('preparing')}
        </p>
      ) : null}
      {state.kind === 'slow' ? <p role="status">{t('slow')}</p> : null}
      {state.kind === 'failed' ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-5" data-testid="receipt-zip-error">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <p role="status" data-testid="receipt-zip-ready">
            {t('ready', { count: state.bundle.file_count })}
          </p>
          <a href={`/backend${base}/${id}/download/`} className={buttonClasses({ size: 'lg' })} data-testid="receipt-zip-download">
            {t('download')}
          </a>
          <p className="text-sm text-muted">
            {t('expires', { date: format.dateTime(new Date(state.bundle.expires_at), { dateStyle: 'long' }) })}
          </p>
        </>
      ) : null}
      <Link href="/mypage/support-history" className="text-sm font-semibold text-brand-700 underline underline-offset-2">
        {t('back')}
      </Link>
    </div>
  );
}
