'use client';
// The parts every console list draws around its rows: the filter form's buttons, the loading line
// or the failure with a retry, the count, the empty message, the table's frame with its headings,
// and the pages. One look for the receipts, the recurring supporters and the lists that follow.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Pagination } from '@/components/ui/pagination';
import { Link, usePathname } from '@/i18n/navigation';
import type { Load } from './use-console-load';

/** Apply the filter form, or clear every filter. */
export function FilterActions({ testId, className }: { testId: string; className?: string }) {
  const t = useTranslations('console');
  const pathname = usePathname();
  return (
    <div className={cx('flex items-end gap-2', className)}>
      <button type="submit" className={buttonClasses({ size: 'sm' })} data-testid={testId}>
        {t('apply')}
      </button>
      <Link href={pathname} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {t('clear')}
      </Link>
    </div>
  );
}

/**
 * Links that narrow a list to one state, each with its count once known; `others` are the address's
 * other filters, kept. The current one is marked for assistive technology too.
 */
export function StateTabs({
  label,
  tabs,
  current,
  others,
  testId,
}: {
  label: string;
  tabs: { state: string | undefined; label: string; count: number | null }[];
  current: string | undefined;
  others: Record<string, string>;
  testId: string;
}) {
  const t = useTranslations('console');
  const pathname = usePathname();
  return (
    <nav aria-label={label} data-testid={testId}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.state ?? 'all'}>
            <Link
              href={{ pathname, query: tab.state ? { ...others, state: tab.state } : others }}
              aria-current={current === tab.state ? 'page' : undefined}
              className={cx(
                'inline-block rounded-full border px-3 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500',
                current === tab.state ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 text-muted hover:text-ink',
              )}
              data-testid={`${testId}-link`}
              data-state={tab.state ?? 'all'}
            >
              {tab.count === null ? tab.label : t('stateCount', { label: tab.label, count: tab.count })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A table of rows with a heading per column, scrolled sideways on a narrow screen. */
export function ListTable({
  columns,
  minWidth,
  testId,
  children,
}: {
  columns: string[];
  minWidth: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className={cx('w-full text-left text-sm', minWidth)} data-testid={testId}>
        <thead className="bg-slate-50 text-xs text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A paged list as it loads: `name` prefixes the test ids (`receipts-loading`, `receipts-count`,
 * `receipts-empty`); `filters` are the address's, kept on the other pages.
 */
export function ListFrame<T extends { count: number; results: unknown[] }>({
  load,
  reload,
  name,
  countText,
  emptyText,
  filters,
  pageSize,
  children,
}: {
  load: Load<T>;
  reload: () => void;
  name: string;
  countText: (value: T) => string;
  emptyText: string;
  filters: Record<string, string>;
  pageSize: number;
  children: (value: T) => ReactNode;
}) {
  const t = useTranslations('console');
  const pathname = usePathname();
  if (load.state === 'loading') return <LoadingStatus testId={`${name}-loading`}>{t('loading')}</LoadingStatus>;
  if (load.state === 'failed')
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId={`${name}-load-failed`} />;
  const value = load.value;
  return (
    <section aria-live="polite" className="flex flex-col gap-3">
      <p className="text-sm font-semibold" data-testid={`${name}-count`}>
        {countText(value)}
      </p>
      {value.results.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-6 text-center text-muted" data-testid={`${name}-empty`}>
          {emptyText}
        </p>
      ) : (
        children(value)
      )}
      <Pagination
        pathname={pathname}
        query={Object.fromEntries(Object.entries(filters).filter(([filter]) => filter !== 'page'))}
        page={Number(filters.page ?? 1)}
        pageSize={pageSize}
        count={value.count}
      />
    </section>
  );
}
