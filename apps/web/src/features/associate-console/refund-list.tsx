'use client';
// A gift's refunds on its page (ADR 064): when, how much, why, who asked, where each stands and the
// provider's code when it refused; and the sentence the page's live region says after a refund
// was asked for — done, still with the provider (the page offers to look again), or refused.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusPill, useGiftFormat } from './gift-labels';

const REFUND_TONE: Record<api.GiftRefund['status'], string> = {
  pending: 'bg-amber-50 text-amber-900',
  completed: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

export function RefundStatus({ status }: { status: api.GiftRefund['status'] }) {
  const t = useTranslations('console.refund');
  return (
    <StatusPill status={status} tone={REFUND_TONE[status]}>
      {t(`statuses.${status}`)}
    </StatusPill>
  );
}

export function RefundList({ refunds }: { refunds: api.GiftRefund[] }) {
  const t = useTranslations('console.refund');
  const format = useGiftFormat();
  if (refunds.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="refund-list-empty">
        {t('none')}
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid="refund-list">
        <thead className="bg-slate-50 text-xs text-muted">
          <tr>
            {(['date', 'amount', 'reason', 'requestedBy', 'status'] as const).map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {t(`columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id} className="border-t border-slate-100 align-top" data-testid="refund-row" data-status={refund.status}>
              <td className="whitespace-nowrap px-3 py-2">{format.dateTime(refund.created_at)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right font-semibold">{format.yen(refund.amount)}</td>
              <td className="px-3 py-2">
                <p className="whitespace-pre-wrap">{refund.reason}</p>
              </td>
              <td className="px-3 py-2">{refund.requested_by}</td>
              <td className="px-3 py-2">
                <RefundStatus status={refund.status} />
                {refund.status === 'completed' && refund.completed_at ? (
                  <span className="mt-1 block text-xs text-muted">{format.dateTime(refund.completed_at)}</span>
                ) : null}
                {refund.error ? (
                  <span className="mt-1 block text-xs" data-testid="refund-row-error">
                    {t(refund.status === 'failed' ? 'rowRefused' : 'rowRetrying', { code: refund.error })}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the live region says once the API answered a refund. */
export function RefundOutcome({ refund, onReload }: { refund: api.GiftRefund; onReload: () => void }) {
  const t = useTranslations('console.refund');
  const format = useGiftFormat();
  const amount = format.yen(refund.amount);
  if (refund.status === 'completed')
    return (
      <p className="rounded-xl bg-emerald-50 p-3 text-emerald-900" data-outcome="completed">
        {t('outcomeCompleted', { amount })}
      </p>
    );
  if (refund.status === 'pending')
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 p-3 text-amber-900" data-outcome="pending">
        <p>{t('outcomePending', { amount })}</p>
        <button type="button" className={buttonClasses({ variant: 'secondary', size: 'sm' })} onClick={onReload}>
          {t('reload')}
        </button>
      </div>
    );
  return (
    <p className="rounded-xl bg-red-50 p-3 text-red-800" data-outcome="failed">
      {t('outcomeFailed', { amount, code: refund.error ?? '—' })}
    </p>
  );
}
