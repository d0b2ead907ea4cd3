// What the home of my page shows (ADR 057): what needs the supporter's attention — a recurring
// support whose card charge failed, a bank transfer still awaited with its account and deadline —
// this year's total that qualifies for tax relief, and the way to each section of my page.
import type { api } from '@kifu/domain';
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Link } from '@/i18n/navigation';

const linkClasses = 'text-sm font-semibold text-brand-700 underline underline-offset-2';

/** The sections of my page, in the order a supporter looks for them. */
export function mypageSections(year: number) {
  return [
    { key: 'supportHistory', href: '/mypage/support-history' },
    { key: 'recurringSupport', href: '/mypage/recurring-support' },
    { key: 'receipts', href: `/mypage/tax-summary/${year}` },
    { key: 'creditCard', href: '/mypage/credit-card' },
    { key: 'campaigns', href: '/mypage/campaigns' },
    { key: 'account', href: '/mypage/account' },
  ] as const;
}

function Notice({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <li className="flex flex-col items-start gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid={testId}>
      {children}
    </li>
  );
}

function FailingRecurring({ item }: { item: api.RecurringSupportItem }) {
  const t = useTranslations('mypageHome');
  const locale = useLocale() as Locale;
  const name = item.campaign?.title ?? item.portfolio?.name ?? item.associate?.name ?? '';
  const terms = t(item.period, { amount: formatYenAmount(item.amount, locale) });
  const byCard = item.payment_method === 'creditCard';
  return (
    <Notice testId="home-failing-recurring">
      <p>{t(item.state === 'suspended' ? 'suspended' : 'retrying', { name, terms })}</p>
      <span className="flex flex-wrap gap-4">
        {byCard ? (
          <Link href="/mypage/credit-card" className={linkClasses} data-testid="home-change-card">
            {t('changeCard')}
          </Link>
        ) : null}
        <Link href="/mypage/recurring-support" className={linkClasses}>
          {t('seeRecurring')}
        </Link>
      </span>
    </Notice>
  );
}

function AwaitedTransfer({ gift }: { gift: api.HistoryGift }) {
  const t = useTranslations('mypageHome');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const account = gift.virtual_account;
  const name = gift.portfolio?.name ?? gift.campaign?.title ?? gift.parts[0]?.associate.name ?? '';
  return (
    <Notice testId="home-awaiting-transfer">
      <p>{t('awaitingTransfer', { name, amount: formatYenAmount(gift.amount, locale) })}</p>
      {account ? (
        <>
          <p className="text-sm">
            {t('transferTo', {
              bank: account.bank_name,
              branch: account.branch_name,
              number: account.account_number,
              holder: account.account_holder,
            })}
          </p>
          <p className="font-semibold" data-testid="home-transfer-deadline">
            {t('transferDeadline', {
              date: format.dateTime(new Date(account.expiration_date), { dateStyle: 'long', timeStyle: 'short' }),
            })}
          </p>
        </>
      ) : null}
      <Link href="/mypage/support-history" className={linkClasses}>
        {t('seeHistory')}
      </Link>
    </Notice>
  );
}

/** `home` is null while it loads; `failed` replaces the notices with the reason and a retry. */
export function MypageHomeView({ home, year, failed }: { home: api.MyPageHome | null; year: number; failed?: ReactNode }) {
  const t = useTranslations('mypageHome');
  const locale = useLocale() as Locale;
  const notices = home ? home.failing_recurring.length + home.awaiting_transfers.length : 0;
  return (
    <div className="flex flex-col gap-8" data-testid="mypage-home">
      <section aria-labelledby="home-attention-title" className="flex flex-col gap-3">
        <h2 id="home-attention-title" className="text-lg font-bold">
          {t('attention')}
        </h2>
        {failed ?? null}
        {!failed && !home ? (
          <p role="status" className="text-muted">
            {t('loading')}
          </p>
        ) : null}
        {home && notices === 0 ? <p data-testid="home-nothing-needed">{t('nothingNeeded')}</p> : null}
        {home && notices > 0 ? (
          <ul className="flex flex-col gap-3">
            {home.failing_recurring.map((item) => (
              <FailingRecurring key={`r${item.id}`} item={item} />
            ))}
            {home.awaiting_transfers.map((gift) => (
              <AwaitedTransfer key={`t${gift.id}`} gift={gift} />
            ))}
          </ul>
        ) : null}
      </section>

      {home ? (
        <section aria-labelledby="home-deductible-title" className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="home-deductible-title" className="text-sm font-semibold text-muted">
            {t('deductibleTitle', { year: home.this_year.year })}
          </h2>
          <p className="mt-1 text-2xl font-bold" data-testid="home-deductible">
            {formatYenAmount(home.this_year.deductible, locale)}
          </p>
          <p className="mt-1 text-sm text-muted">{t('deductibleNote')}</p>
          <Link href={`/mypage/tax-summary/${home.this_year.year}`} className={`mt-3 inline-block ${linkClasses}`}>
            {t('taxSummary', { year: home.this_year.year })}
          </Link>
        </section>
      ) : null}

      <nav aria-label={t('sections')}>
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="home-links">
          {mypageSections(home?.this_year.year ?? year).map((section) => (
            <li key={section.key}>
              <Link
                href={section.href}
                className="block rounded-2xl border border-slate-200 bg-white p-4 font-semibold hover:border-brand-500 hover:text-brand-700"
                data-testid={`home-link-${section.key}`}
              >
                {t(`links.${section.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
