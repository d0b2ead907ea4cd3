'use client';
// /mypage/support-history/{id}/receipt-pdf (spec §2, issue 13): fetches the gift's receipt once —
// the first fetch issues it, so the page keeps the file and offers it from memory rather than asking
// again (a second request would be a reissue, 再発行). A guest comes here from the thank-you mail
// with ?expires=&signature=; a signed-in supporter from the history. Every failure says why.
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { useAuth } from '@/lib/auth-state';
import { failureMessage, getFile, HistoryCallError } from './history-api';

type State =
  { kind: 'loading' } | { kind: 'ready'; url: string; fileName: string } | { kind: 'failed'; message: string } | { kind: 'login' };

/** `loginNotice` is shown to a signed-out visitor without a mailed link (the route gives the auth feature's notice). */
export function ReceiptDownload({ donationId, loginNotice }: { donationId: number; loginNotice: ReactNode }) {
  const t = useTranslations('history.receiptPage');
  const locale = useLocale() as Locale;
  const params = useSearchParams();
  const { status } = useAuth();
  const expires = params.get('expires');
  const signature = params.get('signature');
  const guestLink = expires !== null && signature !== null;
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    // A signed-in supporter's receipt waits for the session to be known; a guest's link needs none.
    if (!guestLink && status === 'initializing') return;
    if (!guestLink && status === 'loggedOut') {
      setState({ kind: 'login' });
      return;
    }
    let url: string | undefined;
    let cancelled = false;
    const query = new URLSearchParams({ lang: locale });
    if (guestLink) {
      query.set('expires', expires);
      query.set('signature', signature);
    }
    getFile(`/donation/${donationId}/receipt-pdf/?${query}`)
      .then(({ blob, fileName }) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ kind: 'ready', url, fileName });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof HistoryCallError && error.status === 401) setState({ kind: 'login' });
        else setState({ kind: 'failed', message: failureMessage(error, locale) });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [donationId, expires, signature, guestLink, status, locale]);

  if (state.kind === 'login') return <>{loginNotice}</>;
  return (
    <div className="flex flex-col items-start gap-4" data-testid="receipt-page">
      {state.kind === 'loading' ? (
        <p role="status" className="text-muted">
          {t('preparing')}
        </p>
      ) : null}
      {state.kind === 'failed' ? (
        <div role="alert" className="rounded-2xl bg-red-50 p-5" data-testid="receipt-error">
          <p className="font-semibold">{t('failed')}</p>
          <p className="mt-1">{state.message}</p>
        </div>
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <p role="status">{t('ready')}</p>
          <a href={state.url} download={state.fileName} className={buttonClasses({ size: 'lg' })} data-testid="receipt-download">
            {t('download')}
          </a>
        </>
      ) : null}
      {guestLink ? null : (
        <Link href="/mypage/support-history" className="text-sm font-semibold text-brand-700 underline underline-offset-2">
          {t('back')}
        </Link>
      )}
    </div>
  );
}
