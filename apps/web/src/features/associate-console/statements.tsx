'use client';
// /dashboard/{uid}/statements (ADR 073, ADR 075): what Kifu owes the associate month by month. The
// list shows what no statement holds yet (it may still change until its month closes on the 5th)
// and every closed month with its sums and its payout; a month's page shows its sums and every
// line behind them, with its CSV and PDF. Every member reads them: they name no supporter.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { STATEMENT_TEXTS as T, statementSums } from '@kifu/domain/statement-document';
import { useLocale, useTranslations } from 'next-intl';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link } from '@/i18n/navigation';
import { consoleApi } from './console-api';
import { consolePath, useConsoleCaller } from './console-shell';
import { FileLinks } from './file-links';
import { useGiftFormat } from './gift-labels';
import { useConsoleLoad } from './use-console-load';

const monthLabel = (month: string, locale: Locale) => {
  const [year, number] = month.split('-');
  return locale === 'ja'
    ? `${year}年${Number(number)}月`
    : new Date(`${month}-15T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};

/** The reasons the payee's bank gives for sending a transfer back (ADR 074). */
const BANK_FAILURES = ['account_not_found', 'account_closed', 'holder_mismatch'] as const;
const isBankFailure = (code: string): code is (typeof BANK_FAILURES)[number] => (BANK_FAILURES as readonly string[]).includes(code);

function PayoutState({ payout }: { payout: api.PayoutView | null }) {
  const t = useTranslations('console.statements');
  if (!payout) return <span className="text-muted">{t('payout.none')}</span>;
  return (
    <span
      className={payout.status === 'failed' ? 'font-semibold text-red-700' : undefined}
      data-testid="payout-state"
      data-status={payout.status}
    >
      {t(`payout.${payout.status}`)}
      {payout.status === 'failed' && payout.failure_code
        ? ` (${isBankFailure(payout.failure_code) ? t(`failure.${payout.failure_code}`) : payout.failure_code})`
        : null}
    </span>
  );
}

/** The sums of a statement, as its PDF lists them. */
function Sums({ totals }: { totals: Parameters<typeof statementSums>[0] }) {
  const locale = useLocale() as Locale;
  const format = useGiftFormat();
  return (
    <dl
      className="grid max-w-xl grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="statement-sums"
    >
      {statementSums(totals).map(([label, amount]) => (
        <div key={label.en} className="contents">
          <dt className={label === T.payable ? 'font-bold' : 'text-muted'}>{label[locale]}</dt>
          <dd className={label === T.payable ? 'text-right font-bold' : 'text-right'} data-testid={`sum-${label.en}`}>
            {format.yen(amount)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function StatementsPage() {
  const t = useTranslations('console.statements');
  const tc = useTranslations('console');
  const locale = useLocale() as Locale;
  const { associate } = useConsoleCaller();
  const format = useGiftFormat();
  const [list, reload] = useConsoleLoad(() => consoleApi.statements(associate.uid), associate.uid);
  const base = consolePath(associate.uid, 'statements');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-muted">{t('lead')}</p>
      {list.state === 'loading' ? <LoadingStatus testId="statements-loading">{tc('loading')}</LoadingStatus> : null}
      {list.state === 'failed' ? (
        <LoadFailed message={tc('loadFailed')} retryLabel={tc('retry')} onRetry={reload} testId="statements-load-failed" />
      ) : null}
      {list.state === 'loaded' ? (
        <>
          {list.value.has_payout_account ? null : (
            <p role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid="statements-no-account">
              {t('noAccount')}
            </p>
          )}
          <section aria-labelledby="statements-open" className="flex flex-col gap-2" data-testid="statements-open">
            <h2 id="statements-open" className="text-lg font-bold">
              {t('open')}
            </h2>
            <p className="text-sm text-muted">{t('openLead', { gifts: list.value.open.gifts, refunds: list.value.open.refunds_count })}</p>
            <Sums totals={{ ...list.value.open, lines: [], month: '', payout_date: '' }} />
          </section>
          <section aria-labelledby="statements-closed" className="flex flex-col gap-2">
            <h2 id="statements-closed" className="text-lg font-bold">
              {t('closed')}
            </h2>
            {list.value.results.length === 0 ? (
              <p className="rounded-2xl bg-slate-50 p-6 text-center text-muted">{t('none')}</p>
            ) : (
              <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
                <table className="w-full min-w-[44rem] text-left text-sm" data-testid="statements-table">
                  <thead className="bg-slate-50 text-xs text-muted">
                    <tr>
                      {[T.month, T.gross, T.refunds, T.fees, T.monthNet, T.payable, T.payoutDate].map((column) => (
                        <th key={column.en} scope="col" className="px-3 py-2 font-semibold">
                          {column[locale]}
                        </th>
                      ))}
                      <th scope="col" className="px-3 py-2 font-semibold">
                        {t('payoutColumn')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.value.results.map((statement) => (
                      <tr
                        key={statement.month}
                        className="border-t border-slate-100"
                        data-testid="statement-row"
                        data-month={statement.month}
                      >
                        <th scope="row" className="whitespace-nowrap px-3 py-2 font-semibold">
                          <Link href={`${base}/${statement.month}`} className="text-brand-700 underline">
                            {monthLabel(statement.month, locale)}
                          </Link>
                        </th>
                        <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(statement.gross)}</td>
                        <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(statement.refunds)}</td>
                        <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(statement.fees)}</td>
                        <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(statement.net)}</td>
                        <td className="whitespace-nowrap px-3 py-2 text-right font-semibold">{format.yen(statement.payable)}</td>
                        <td className="whitespace-nowrap px-3 py-2">{format.date(`${statement.payout_date}T00:00:00+09:00`)}</td>
                        <td className="whitespace-nowrap px-3 py-2">
                          <PayoutState payout={statement.payout} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

export function StatementPage({ month }: { month: string }) {
  const t = useTranslations('console.statements');
  const tc = useTranslations('console');
  const locale = useLocale() as Locale;
  const { associate } = useConsoleCaller();
  const format = useGiftFormat();
  const uid = associate.uid;
  const [statement, reload] = useConsoleLoad(() => consoleApi.statement(uid, month), `${uid}:${month}`);
  const title = t('monthTitle', { month: monthLabel(month, locale) });
  return (
    <div className="flex flex-col gap-6">
      <Link href={consolePath(uid, 'statements')} className="text-sm text-brand-700 underline">
        {t('back')}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      {statement.state === 'loading' ? <LoadingStatus testId="statement-loading">{tc('loading')}</LoadingStatus> : null}
      {statement.state === 'failed' ? (
        statement.status === 404 || statement.status === 400 ? (
          <p role="alert">{t('notFound')}</p>
        ) : (
          <LoadFailed message={tc('loadFailed')} retryLabel={tc('retry')} onRetry={reload} testId="statement-load-failed" />
        )
      ) : null}
      {statement.state === 'loaded' ? (
        <>
          <p data-testid="statement-facts">
            {t('facts', {
              payoutDate: format.date(`${statement.value.payout_date}T00:00:00+09:00`),
              closedAt: format.dateTime(statement.value.closed_at),
            })}{' '}
            <PayoutState payout={statement.value.payout} />
          </p>
          <Sums totals={statement.value} />
          <FileLinks file={(format) => consoleApi.statementFile(uid, month, format, locale)} testId="statement" />
          <p className="text-sm text-muted">{T.note[locale]}</p>
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full min-w-[40rem] text-left text-sm" data-testid="statement-lines">
              <caption className="sr-only">{t('linesCaption', { month: monthLabel(month, locale) })}</caption>
              <thead className="bg-slate-50 text-xs text-muted">
                <tr>
                  {[T.date, T.kind, T.donation, T.amount, T.fee, T.net].map((column) => (
                    <th key={column.en} scope="col" className="px-3 py-2 font-semibold">
                      {column[locale]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {statement.value.lines.map((line, index) => (
                  <tr key={index} className="border-t border-slate-100" data-testid="statement-line" data-kind={line.kind}>
                    <td className="whitespace-nowrap px-3 py-2">{format.date(line.occurred_at)}</td>
                    <td className="px-3 py-2">{T[line.kind][locale]}</td>
                    <td className="px-3 py-2">
                      {line.donation_id === null ? (
                        '—'
                      ) : (
                        <Link href={`${consolePath(uid, 'gifts')}/${line.donation_id}`} className="text-brand-700 underline">
                          {line.donation_id}
                        </Link>
                      )}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(line.amount)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(line.fee)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(line.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}
