'use client';
// /dashboard/{uid}/receipts (ADR 066): every tax receipt the associate issued, current or voided,
// filtered by year, state and a number or name, the filters in the address. Those who may export
// download a staff copy of a current receipt (audited); those who may manage correct a receipt's
// name or address, which voids it and issues a new number (reissue-form.tsx). The outcome is said
// in a live region that stays while the list loads again.
import { consoleReceiptsQuery, ISSUED_RECEIPT_STATES, type ConsoleReceipt } from '@kifu/domain/api/console-receipts';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Fragment, useEffect, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { inputClasses } from '@/components/ui/input-styles';
import { filtersOf, useFilterSubmit } from './address-filters';
import { consoleApi } from './console-api';
import { useConsoleCaller } from './console-shell';
import { StatusPill, useGiftFormat } from './gift-labels';
import { Select } from './gifts-table';
import { FilterActions, ListFrame, ListTable } from './list-frame';
import { ReissueForm } from './reissue-form';
import { useConsoleLoad } from './use-console-load';

const PAGE_SIZE = 50;
const FILTERS = ['year', 'state', 'q'] as const;
const COLUMNS = ['number', 'kind', 'name', 'address', 'amount', 'issued', 'state', 'issues', 'actions'] as const;

export function ReceiptsTable() {
  const t = useTranslations('console');
  const locale = useLocale() as Locale;
  const { associate, permissions } = useConsoleCaller();
  const uid = associate.uid;
  const filters = filtersOf(new URLSearchParams(useSearchParams().toString()), FILTERS, consoleReceiptsQuery);
  const key = JSON.stringify([uid, locale, filters]);
  const [receipts, reload] = useConsoleLoad(() => consoleApi.receipts(uid, { ...filters, lang: locale, page_size: PAGE_SIZE }), key);
  const submit = useFilterSubmit(FILTERS);
  const format = useGiftFormat();
  // The years stay in the filter while the list loads again.
  const [years, setYears] = useState<number[]>([]);
  if (receipts.state === 'loaded' && receipts.value.years.join() !== years.join()) setYears(receipts.value.years);
  const [correcting, setCorrecting] = useState<number | null>(null);
  const [done, setDone] = useState<{ old: string; number: string } | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  const openers = useRef(new Map<number, HTMLButtonElement>());
  useEffect(() => {
    if (done) notice.current?.focus();
  }, [done]);

  function closeForm(id: number) {
    setCorrecting(null);
    requestAnimationFrame(() => openers.current.get(id)?.focus());
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('receipts.title')}</h1>
      <p className="text-muted">{t('receipts.lead')}</p>
      <form
        key={key}
        method="get"
        onSubmit={submit}
        aria-label={t('filters')}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="receipt-filters"
      >
        <label className="flex flex-col gap-1 text-sm sm:col-span-2">
          <span className="font-semibold">{t('receipts.search')}</span>
          <input type="search" name="q" defaultValue={filters.q ?? ''} maxLength={100} className={inputClasses(false)} />
        </label>
        <Select
          name="year"
          label={t('receipts.year')}
          value={filters.year}
          options={[...new Set([...years, ...(filters.year ? [Number(filters.year)] : [])])].map((year) => [
            String(year),
            t('receipts.yearOption', { year: String(year) }),
          ])}
        />
        <Select
          name="state"
          label={t('receipts.state')}
          value={filters.state}
          options={ISSUED_RECEIPT_STATES.map((state) => [state, t(`receipts.states.${state}`)])}
        />
        <FilterActions testId="receipt-filters-apply" className="sm:col-span-2 lg:col-span-4" />
      </form>
      <div ref={notice} tabIndex={-1} aria-live="polite" className="focus:outline-none" data-testid="reissue-notice">
        {done ? (
          <p role="status" className="rounded-xl bg-emerald-50 p-3 text-emerald-900">
            {t('receipts.reissue.done', { old: done.old, number: done.number })}
          </p>
        ) : null}
      </div>
      {permissions.export ? <p className="text-sm text-muted">{t('receipts.pdfNote')}</p> : null}
      <ListFrame
        load={receipts}
        reload={reload}
        name="receipts"
        countText={(value) => t('receipts.count', { count: value.count })}
        emptyText={t('receipts.empty')}
        filters={filters}
        pageSize={PAGE_SIZE}
      >
        {(value) => (
          <ListTable columns={COLUMNS.map((column) => t(`receipts.columns.${column}`))} minWidth="min-w-[64rem]" testId="receipt-table">
            {value.results.map((receipt) => (
              <Fragment key={receipt.id}>
                <ReceiptRow
                  receipt={receipt}
                  uid={uid}
                  locale={locale}
                  mayExport={permissions.export}
                  mayManage={permissions.manage}
                  open={correcting === receipt.id}
                  opener={(element) => {
                    if (element) openers.current.set(receipt.id, element);
                    else openers.current.delete(receipt.id);
                  }}
                  onToggle={() => {
                    setDone(null);
                    setCorrecting((was) => (was === receipt.id ? null : receipt.id));
                  }}
                  format={format}
                />
                {correcting === receipt.id ? (
                  <tr className="border-t border-slate-100">
                    <td colSpan={COLUMNS.length} className="bg-slate-50 p-3">
                      <ReissueForm
                        receipt={receipt}
                        onClose={() => closeForm(receipt.id)}
                        onReissued={(reissued) => {
                          setCorrecting(null);
                          setDone({ old: receipt.number, number: reissued.number });
                          reload();
                        }}
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </ListTable>
        )}
      </ListFrame>
    </div>
  );
}

function ReceiptRow({
  receipt,
  uid,
  locale,
  mayExport,
  mayManage,
  open,
  opener,
  onToggle,
  format,
}: {
  receipt: ConsoleReceipt;
  uid: string;
  locale: Locale;
  mayExport: boolean;
  mayManage: boolean;
  open: boolean;
  opener: (element: HTMLButtonElement | null) => void;
  onToggle: () => void;
  format: ReturnType<typeof useGiftFormat>;
}) {
  const t = useTranslations('console.receipts');
  const current = receipt.state === 'current';
  return (
    <tr className="border-t border-slate-100" data-testid="receipt-row" data-receipt-number={receipt.number} data-state={receipt.state}>
      <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{receipt.number}</td>
      <td className="whitespace-nowrap px-3 py-2">{t(`kinds.${receipt.kind}`)}</td>
      <td className="px-3 py-2">{receipt.name}</td>
      <td className="px-3 py-2" data-testid="receipt-address">
        {receipt.address}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-right font-semibold">{format.yen(receipt.amount)}</td>
      <td className="whitespace-nowrap px-3 py-2">{format.date(receipt.issued_at)}</td>
      <td className="px-3 py-2" data-testid="receipt-state">
        <StatusPill status={receipt.state} tone={current ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-800'}>
          {t(`states.${receipt.state}`)}
        </StatusPill>
        {receipt.voided_at ? (
          <span className="mt-1 block whitespace-nowrap text-xs text-muted">{t('voidedOn', { date: format.date(receipt.voided_at) })}</span>
        ) : null}
      </td>
      <td className="px-3 py-2 text-right">{receipt.issue_count}</td>
      <td className="px-3 py-2">
        {current ? (
          <div className="flex flex-wrap gap-2">
            {mayExport ? (
              <a
                href={consoleApi.receiptFile(uid, receipt.id, locale)}
                download
                aria-label={t('pdfLabel', { number: receipt.number })}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                data-testid="receipt-pdf"
              >
                {t('pdf')}
              </a>
            ) : null}
            {mayManage ? (
              <button
                ref={opener}
                type="button"
                aria-expanded={open}
                aria-controls={open ? `reissue-${receipt.id}` : undefined}
                aria-label={t('reissueLabel', { number: receipt.number })}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                onClick={onToggle}
                data-testid="receipt-reissue"
              >
                {t('reissueOpen')}
              </button>
            ) : null}
          </div>
        ) : null}
      </td>
    </tr>
  );
}
