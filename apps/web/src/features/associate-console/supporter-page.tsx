'use client';
// /dashboard/{uid}/supporters/{supporterId} (ADR 060): one supporter — what the supporters table
// says of them, set out — and every gift they gave this associate openly, each leading to its page.
// The address names them by their supporter id, never by e-mail; their anonymous gifts are not
// listed (spec §5).
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import type { ReactNode } from 'react';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Pagination } from '@/components/ui/pagination';
import { Link, usePathname } from '@/i18n/navigation';
import { consoleApi } from './console-api';
import { consolePath, useConsoleCaller } from './console-shell';
import { useGiftFormat } from './gift-labels';
import { GiftRows } from './gifts-table';
import { SupporterMethod } from './external-gifts';
import { useConsoleLoad } from './use-console-load';

const PAGE_SIZE = 50;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 border-t border-slate-100 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export function SupporterPage({ supporterId }: { supporterId: string }) {
  const t = useTranslations('console');
  const locale = useLocale() as Locale;
  const { associate } = useConsoleCaller();
  const uid = associate.uid;
  const format = useGiftFormat();
  const pathname = usePathname();
  const page = Number(useSearchParams().get('page')) || 1;
  const [supporter, reload] = useConsoleLoad(
    () => consoleApi.supporters(uid, { id: supporterId, lang: locale }),
    `${uid}:${supporterId}:${locale}`,
  );
  const [gifts, reloadGifts] = useConsoleLoad(
    () => consoleApi.gifts(uid, { supporter: supporterId, lang: locale, page, page_size: PAGE_SIZE }),
    `${uid}:${supporterId}:${locale}:${page}`,
  );
  const back = (
    <Link href={consolePath(uid, 'supporters')} className="text-sm text-brand-700 underline underline-offset-2">
      {t('supporterPage.back')}
    </Link>
  );
  if (supporter.state === 'loading') return <LoadingStatus testId="supporter-loading">{t('loading')}</LoadingStatus>;
  const found = supporter.state === 'loaded' ? supporter.value.results[0] : undefined;
  if (supporter.state === 'failed' && supporter.status !== 404 && supporter.status !== 400)
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="supporter-load-failed" />;
  if (!found)
    return (
      <div className="flex flex-col gap-4" data-testid="supporter-not-found">
        <p role="alert">{t('supporterPage.notFound')}</p>
        {back}
      </div>
    );
  const day = (date: string) => format.date(`${date}T00:00:00+09:00`);
  return (
    <article className="flex flex-col gap-6" data-testid="console-supporter">
      {back}
      <h1 className="text-2xl font-bold">
        {found.name}
        {found.corporate ? <span className="ml-2 text-base font-normal text-muted">（{t('corporate')}）</span> : null}
      </h1>
      <section aria-labelledby="supporter-details">
        <h2 id="supporter-details" className="mb-2 text-lg font-bold">
          {t('details')}
        </h2>
        <dl data-testid="supporter-facts">
          {found.name_kana ? <Fact label={t('supporterPage.kana')}>{found.name_kana}</Fact> : null}
          <Fact label={t('email')}>{found.email}</Fact>
          <Fact label={t('supporterPage.account')}>{found.member ? t('member') : t('guest')}</Fact>
          <Fact label={t('newsletter')}>{found.newsletter ? t('yes') : t('no')}</Fact>
          <Fact label={t('supporterPage.firstGift')}>{format.date(found.first_gift_at)}</Fact>
          <Fact label={t('supporterPage.lastGift')}>{format.date(found.last_gift_at)}</Fact>
          <Fact label={t('supporterPage.giftCount')}>{found.gift_count}</Fact>
          <Fact label={t('supporterPage.total')} testId="supporter-total">
            {format.yen(found.total)}
            <span className="ml-2 text-sm text-muted">{t('supporterPage.thisYear', { amount: format.yen(found.total_this_year) })}</span>
          </Fact>
          <Fact label={t('supporterPage.lastMethod')}>
            <SupporterMethod supporter={found} />
          </Fact>
          <Fact label={t('supporterPage.recurring')}>
            {found.recurring ? (
              <>
                {t('recurringCell', {
                  period: t(`kinds.${found.recurring.period}`),
                  amount: format.yen(found.recurring.amount),
                  since: day(found.recurring.since),
                })}
                {found.recurring.next_charge_on ? (
                  <span className="block text-sm text-muted">{t('nextCharge', { date: day(found.recurring.next_charge_on) })}</span>
                ) : null}
                {found.recurring.failing ? <span className="block text-sm font-semibold text-red-700">{t('failing')}</span> : null}
              </>
            ) : (
              t('supporterPage.noRecurring')
            )}
          </Fact>
        </dl>
      </section>
      <section aria-labelledby="supporter-gifts" className="flex flex-col gap-3">
        <h2 id="supporter-gifts" className="text-lg font-bold">
          {t('supporterPage.gifts')}
        </h2>
        <p className="text-sm text-muted">{t('supporterPage.giftsLead')}</p>
        {gifts.state === 'loading' ? <LoadingStatus testId="supporter-gifts-loading">{t('loading')}</LoadingStatus> : null}
        {gifts.state === 'failed' ? (
          <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reloadGifts} testId="supporter-gifts-load-failed" />
        ) : null}
        {gifts.state === 'loaded' ? (
          <>
            <p className="text-sm font-semibold" data-testid="supporter-gift-count">
              {t('resultCount', { count: gifts.value.count, amount: format.yen(gifts.value.total_amount) })}
            </p>
            {gifts.value.results.length === 0 ? (
              <p className="rounded-2xl bg-slate-50 p-6 text-center text-muted">{t('noGifts')}</p>
            ) : (
              <GiftRows gifts={gifts.value.results} uid={uid} />
            )}
            <Pagination pathname={pathname} query={{}} page={page} pageSize={PAGE_SIZE} count={gifts.value.count} />
          </>
        ) : null}
      </section>
    </article>
  );
}
