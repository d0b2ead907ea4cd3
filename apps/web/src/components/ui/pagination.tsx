// Previous / next page links for list pages; the page number travels in the query string.
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { buttonClasses } from './button-styles';
import { pageCount } from './pagination-math';

type Query = Record<string, string>;

export function Pagination({
  pathname,
  query,
  page,
  pageSize,
  count,
}: {
  pathname: string;
  query: Query;
  page: number;
  pageSize: number;
  count: number;
}) {
  const t = useTranslations('pagination');
  const total = pageCount(count, pageSize);
  if (total <= 1) return null;
  const hrefFor = (target: number) => ({ pathname, query: target === 1 ? omitPage(query) : { ...query, page: String(target) } });
  const disabled = buttonClasses({ variant: 'secondary', size: 'sm', className: 'pointer-events-none opacity-40' });
  return (
    <nav aria-label={t('label')} data-testid="pagination" className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} rel="prev" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {t('previous')}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          {t('previous')}
        </span>
      )}
      <span className="text-sm text-muted" aria-current="page">
        {t('status', { page, total })}
      </span>
      {page < total ? (
        <Link href={hrefFor(page + 1)} rel="next" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {t('next')}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabled}>
          {t('next')}
        </span>
      )}
    </nav>
  );
}

function omitPage(query: Query): Query {
  const { page: _page, ...rest } = query;
  return rest;
}
