'use client';
// /mypage/tax-summary/{year} (ADR 033), inside SignedInOnly: loads the signed-in
// supporter's summary of the year in the page's language (same origin through /backend, the session
// cookie rides along), shows loading and failure states from the catalogues, and asks for the tax
// pack ZIP: the API answers 202 with the bundle and /receipt-zip/download waits for it.
import type { ReceiptBundle, TaxSummary as TaxSummaryData } from '@kifu/domain/api/my-page';
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import { localise } from '@kifu/domain/catalogue/message';
import { RECEIPT_ERRORS } from '@kifu/domain/catalogue/receipt-texts';
import { TAX_SUMMARY_TEXTS } from '@kifu/domain/catalogue/tax-texts';
import type { Locale } from '@kifu/domain/enums';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { useRouter } from '@/i18n/navigation';
import { TAX_PACK_PATH, failureMessage, failureOf, taxSummaryApiPath, zipDownloadHref, type CallFailure } from './tax-summary-model';
import { TaxSummaryView, YearNavigation } from './tax-summary-view';

type Loaded = { year: number; locale: Locale; attempt: number } & (
  { state: 'ready'; summary: TaxSummaryData } | { state: 'failed'; failure: CallFailure }
);

export function TaxSummary({ year }: { year: number }) {
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [pack, setPack] = useState<{ sending: boolean; error: string | null }>({ sending: false, error: null });

  useEffect(() => {
    const controller = new AbortController();
    const settle = (result: { state: 'ready'; summary: TaxSummaryData } | { state: 'failed'; failure: CallFailure }) => {
      if (!controller.signal.aborted) setLoaded({ year, locale, attempt, ...result });
    };
    void (async () => {
      const response = await fetch(taxSummaryApiPath(year, locale), { credentials: 'same-origin', signal: controller.signal }).catch(
        () => null,
      );
      if (!response) return settle({ state: 'failed', failure: { kind: 'network' } });
      if (!response.ok) return settle({ state: 'failed', failure: await failureOf(response) });
      const summary = (await response.json().catch(() => null)) as TaxSummaryData | null;
      settle(summary ? { state: 'ready', summary } : { state: 'failed', failure: { kind: 'http', status: response.status } });
    })();
    return () => controller.abort();
  }, [year, locale, attempt]);

  // An answer for another year, language or attempt is stale: the new one is loading.
  const current = loaded && loaded.year === year && loaded.locale === locale && loaded.attempt === attempt ? loaded : null;

  if (!current) {
    return (
      <p role="status" className="py-8 text-muted" data-testid="tax-summary-loading">
        {localise(TAX_SUMMARY_TEXTS.loading, locale)}
      </p>
    );
  }
  if (current.state === 'failed') {
    return (
      <div className="space-y-6">
        <YearNavigation year={year} />
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800" data-testid="tax-summary-error">
          <p>{failureMessage(current.failure, locale)}</p>
          <button
            type="button"
            onClick={() => setAttempt((count) => count + 1)}
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
            data-testid="tax-summary-retry"
          >
            {NOTICES.retry[locale]}
          </button>
        </div>
      </div>
    );
  }

  async function requestPack() {
    setPack({ sending: true, error: null });
    const response = await fetch(TAX_PACK_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ year, lang: locale }),
    }).catch(() => null);
    const bundle = response?.ok ? ((await response.json().catch(() => null)) as ReceiptBundle | null) : null;
    if (bundle) {
      // Stays disabled while the next page loads, so a second click cannot ask again.
      router.push(zipDownloadHref(bundle.id));
      return;
    }
    const failure: CallFailure = !response ? { kind: 'network' } : await failureOf(response);
    setPack({ sending: false, error: failureMessage(failure, locale, RECEIPT_ERRORS.bundleFailed) });
  }

  return <TaxSummaryView summary={current.summary} pack={{ ...pack, onPack: () => void requestPack() }} />;
}
