'use client';
// /mypage/support-history/{id}/receipt-pdf (spec §2, ADR 033): fetches the gift's receipt once —
// every receipt the API answers counts as handed to the donor, so a second request would print
// 再発行 (reissue) on the copy they keep (ADR 057). The page keeps the file and offers it from memory;
// a guest's fetch does not wait for, nor repeat on, the sign-in state being read; and a remount
// (React's strict mode, coming back to the page) reuses the same request. A guest comes here from
// the thank-you mail with ?expires=&signature=; a signed-in supporter from the history. Every
// failure says why.
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { useAuth } from '@/lib/auth-state';
import { failureMessage, getFile, HistoryCallError } from './history-api';

/** The receipt requests of this page's life, by reader and address: each is asked for once. */
const requests = new Map<string, Promise<{ blob: Blob; fileName: string }>>();

function requestOnce(reader: string, path: string): Promise<{ blob: Blob; fileName: string }> {
  const key = `${reader} ${path}`;
  let request = requests.get(key);
  if (!request) {
    request = getFile(path);
    requests.set(key, request);
    // Nothing was handed out: a later visit may ask again.
    request.catch(() => requests.delete(key));
  }
  return request;
}

type State =
  { kind: 'loading' } | { kind: 'ready'; url: string; fileName: string } | { kind: 'failed'; message: string } | { kind: 'login' };

/** `loginNotice` is shown to a signed-out visitor without a mailed link (the route gives the auth feature's notice). */
export function ReceiptDownload({ donationId, loginNotice }: { donationId: number; loginNotice: ReactNode }) {
  const t = useTranslations('history.receiptPage');
  const locale = useLocale() as Locale;
  const params = useSearchParams();
  const { status, user } = useAuth();
  const expires = params.get('expires');
  const signature = params.get('signature');
  const guestLink = expires !== null && signature !== null;
  // A signed-in supporter's receipt waits for the session to be known; a guest's link needs none,
  // and the session turning out signed out must not fetch it a second time.
  const reader = guestLink ? 'guest' : status;
  const userId = user?.id ?? null;
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (reader === 'initializing') return;
    if (reader === 'loggedOut') {
      setState({ kind: 'login' });
      return;
    }
    let url: string | undefined;
    let cancelled = false;
    const query = new URLSearchParams({ lang: locale });
    if (reader === 'guest' && expires !== null && signature !== null) {
      query.set('expires', expires);
      query.set('signature', signature);
    }
    requestOnce(`${reader} ${userId}`, `/donation/${donationId}/receipt-pdf/?${query}`)
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
  }, [donationId, expires, signature, reader, userId, locale]);

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
