// One gift in the support history: what it was for, when, how much and how, where it stands, the
// bank account while a transfer is awaited, each organisation's part with its receipt, and the
// reports published since ("what your gift did").
import type { api } from '@kifu/domain';
import { formatYenAmount } from '@kifu/domain/money';
import type { Locale } from '@kifu/domain/enums';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { cx } from '@/components/ui/cx';

const STATUS_TONE: Record<api.GiftStatus, string> = {
  processing: 'bg-slate-100 text-slate-700',
  awaiting_transfer: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  expired: 'bg-slate-100 text-slate-700',
  cancelled: 'bg-slate-100 text-slate-700',
  refunded: 'bg-slate-100 text-slate-700',
};

export const receiptPath = (donationId: number) => `/mypage/support-history/${donationId}/receipt-pdf`;

function reportPath(report: api.GiftReport): string {
  return report.kind === 'campaign'
    ? `/campaign/${report.campaign_id}/report/${report.id}`
    : `/associate/${report.associate_uid}/activity-report/${report.id}`;
}

function giftTitle(gift: api.HistoryGift): string {
  if (gift.portfolio) return gift.portfolio.name;
  if (gift.campaign) return gift.campaign.title;
  return gift.parts[0]?.associate.name ?? '';
}

function PartReceipt({ part, named }: { part: api.HistoryGift['parts'][number]; named: boolean }) {
  const t = useTranslations('history.receipt');
  if (part.receipt !== 'available') return <span className="text-sm text-muted">{t(part.receipt)}</span>;
  return (
    <Link
      href={receiptPath(part.donation_id)}
      className="text-sm font-semibold text-brand-700 underline underline-offset-2"
      data-testid="receipt-link"
    >
      {named ? t('downloadFor', { name: part.associate.name }) : t('download')}
    </Link>
  );
}

function TransferAccount({ account }: { account: api.VirtualAccountView }) {
  const t = useTranslations('history.account');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const rows: [string, string][] = [
    [t('bankName'), account.bank_name],
    [t('branchName'), account.branch_name],
    [t('accountType'), t('ordinary')],
    [t('accountNumber'), account.account_number],
    [t('accountHolder'), account.account_holder],
    [t('amount'), formatYenAmount(account.amount, locale)],
    // A short transfer (ADR 035): what arrived, and the rest to send by the deadline.
    ...(account.deposited_amount > 0 && account.deposited_amount < account.amount
      ? ([
          [t('deposited'), formatYenAmount(account.deposited_amount, locale)],
          [t('remaining'), formatYenAmount(account.amount - account.deposited_amount, locale)],
        ] as [string, string][])
      : []),
    [t('deadline'), format.dateTime(new Date(account.expiration_date), { dateStyle: 'long', timeStyle: 'short' })],
  ];
  return (
    <section className="mt-3 rounded-xl bg-amber-50 p-4" data-testid="history-transfer-account">
      <h4 className="mb-2 text-sm font-bold">{t('title')}</h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function HistoryGift({ gift }: { gift: api.HistoryGift }) {
  const t = useTranslations('history');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long' });
  const split = gift.parts.length > 1;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5" data-testid="history-gift" data-gift-id={gift.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted">
            {gift.paid_at ? t('receivedOn', { date: date(gift.paid_at) }) : t('givenOn', { date: date(gift.created_at) })}
          </p>
          <h3 className="mt-1 font-bold leading-snug" data-testid="history-gift-title">
            {giftTitle(gift)}
          </h3>
          <p className="mt-1 text-sm text-muted">
            {t(`method.${gift.payment_method}`)} ・ {t(`frequency.${gift.frequency}`)}
          </p>
        </div>
        <div className="flex flex-col items-end gap-2">
          <span className="text-lg font-bold" data-testid="history-gift-amount">
            {formatYenAmount(gift.amount, locale)}
          </span>
          {gift.refunded_amount > 0 && gift.status !== 'refunded' ? (
            <span className="text-xs text-muted" data-testid="history-gift-refunded">
              {t('refundedPart', { amount: formatYenAmount(gift.refunded_amount, locale) })}
            </span>
          ) : null}
          <span
            className={cx('rounded-full px-3 py-0.5 text-xs font-semibold', STATUS_TONE[gift.status])}
            data-testid="history-gift-status"
          >
            {t(`status.${gift.status}`)}
          </span>
        </div>
      </div>

      {gift.virtual_account ? <TransferAccount account={gift.virtual_account} /> : null}

      {split ? (
        <section className="mt-3">
          <h4 className="text-sm font-bold">{t('split')}</h4>
          <ul className="mt-1 divide-y divide-slate-100">
            {gift.parts.map((part) => (
              <li
                key={part.donation_id}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                data-testid="history-gift-part"
              >
                <span>{part.associate.name}</span>
                <span className="flex items-center gap-3">
                  <span className="font-semibold">{formatYenAmount(part.amount, locale)}</span>
                  <PartReceipt part={part} named={false} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {gift.parts[0] ? <PartReceipt part={gift.parts[0]} named={false} /> : null}
          {gift.parts[0]?.receipt_number ? (
            <span className="text-xs text-muted">{t('receipt.number', { number: gift.parts[0].receipt_number })}</span>
          ) : null}
        </div>
      )}

      {gift.reports.length > 0 ? (
        <section className="mt-4 rounded-xl bg-slate-50 p-4" data-testid="history-gift-reports">
          <h4 className="text-sm font-bold">{t('reports.title')}</h4>
          <ul className="mt-2 flex flex-col gap-1">
            {gift.reports.map((report) => (
              <li key={`${report.kind}-${report.id}`} className="text-sm">
                <span className="text-muted">
                  {t(`reports.${report.kind}`)} ・ {date(report.published_at)} ・{' '}
                </span>
                <Link href={reportPath(report)} className="font-semibold text-brand-700 underline underline-offset-2">
                  {report.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </li>
  );
}
