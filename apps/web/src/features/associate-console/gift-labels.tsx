'use client';
// How the console writes a gift's parts: date, supporter, status, money. One place, so the table,
// the overview and a gift's page say them alike.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';

const STATUS_TONE: Record<api.ConsoleGiftStatus, string> = {
  paid: 'bg-emerald-50 text-emerald-800',
  awaiting_transfer: 'bg-amber-50 text-amber-900',
  processing: 'bg-slate-100 text-slate-800',
  failed: 'bg-red-50 text-red-800',
  expired: 'bg-slate-100 text-slate-800',
  cancelled: 'bg-slate-100 text-slate-800',
  refunded: 'bg-violet-50 text-violet-800',
};

/** A state as a coloured pill: a gift's, a refund's. */
export function StatusPill({ status, tone, children }: { status: string; tone: string; children: ReactNode }) {
  return (
    <span className={cx('inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', tone)} data-status={status}>
      {children}
    </span>
  );
}

export function GiftStatus({ status }: { status: api.ConsoleGiftStatus }) {
  const t = useTranslations('console');
  return (
    <StatusPill status={status} tone={STATUS_TONE[status]}>
      {t(`statuses.${status}`)}
    </StatusPill>
  );
}

export function SupporterName({ supporter }: { supporter: api.ConsoleGift['supporter'] }) {
  const t = useTranslations('console');
  if (supporter.anonymous || supporter.name === null) return <span className="text-muted">{t('anonymous')}</span>;
  return (
    <span>
      {supporter.name}
      {supporter.corporate ? <span className="ml-1 text-xs text-muted">（{t('corporate')}）</span> : null}
    </span>
  );
}

export function useGiftFormat() {
  const locale = useLocale() as Locale;
  const format = useFormatter();
  return {
    yen: (amount: number) => formatYenAmount(amount, locale),
    date: (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }),
    dateTime: (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }),
  };
}
