'use client';
// /dashboard/{uid}/donor-register/{fiscalYear} (ADR 061): the register of one fiscal year as the
// law asks for it — per donor the name, the address, each amount and the day it was received;
// anonymous gifts by amount and day only — with its totals, the day it must be made by, the years
// either side, and its CSV and PDF for those who may export (each download is audited).
// Without a year it opens the last finished fiscal year, the one whose register is due.
import { DONOR_REGISTER_TEXTS as T } from '@kifu/domain/donor-register';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link, useRouter } from '@/i18n/navigation';
import { consoleApi } from './console-api';
import { consolePath, useConsoleCaller } from './console-shell';
import { FileLinks } from './file-links';
import { useGiftFormat } from './gift-labels';
import { useConsoleLoad } from './use-console-load';

/** The calendar year in Japan: a first guess at the running fiscal year, which the API corrects. */
const japanYear = () => Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Tokyo' }).format(new Date()));

export function DonorRegisterPage({ fiscalYear }: { fiscalYear?: number }) {
  const t = useTranslations('console');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const { associate, permissions } = useConsoleCaller();
  const format = useGiftFormat();
  const uid = associate.uid;
  const year = fiscalYear ?? japanYear();
  const [register, reload] = useConsoleLoad(() => consoleApi.donorRegister(uid, year, locale), `${uid}:${year}:${locale}`);
  const base = consolePath(uid, 'donor-register');
  const lastFinished = register.state === 'loaded' ? register.value.current_fiscal_year - 1 : undefined;
  useEffect(() => {
    if (fiscalYear === undefined && lastFinished !== undefined) router.replace(`${base}/${lastFinished}`);
  }, [fiscalYear, lastFinished, base, router]);

  const heading = <h1 className="text-2xl font-bold">{t('donorRegister')}</h1>;
  if (register.state === 'loading' || fiscalYear === undefined)
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <LoadingStatus testId="register-loading">{t('loading')}</LoadingStatus>
      </div>
    );
  if (register.state === 'failed')
    return (
      <div className="flex flex-col gap-4">
        {heading}
        {register.status === 400 ? (
          <p role="alert">{t('yearNotFound')}</p>
        ) : (
          <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="register-load-failed" />
        )}
      </div>
    );
  const value = register.value;
  return (
    <div className="flex flex-col gap-6" data-testid="donor-register">
      {heading}
      <div className="flex flex-wrap items-center gap-3">
        <Link href={`${base}/${year - 1}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })} data-testid="register-previous">
          {t('previousYear')}
        </Link>
        <p className="text-lg font-semibold" data-testid="register-label">
          {value.label}
        </p>
        {year < value.current_fiscal_year ? (
          <Link href={`${base}/${year + 1}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })} data-testid="register-next">
            {t('nextYear')}
          </Link>
        ) : null}
      </div>
      <p className="text-muted">
        {t('registerLead', { label: value.label })} {t('registerDue', { date: format.date(`${value.due_on}T00:00:00+09:00`) })}
      </p>
      <p className="font-semibold" data-testid="register-summary">
        {t('registerSummary', { donors: value.donor_count, gifts: value.gift_count, total: format.yen(value.total) })}
      </p>
      {permissions.export ? (
        <FileLinks file={(format) => consoleApi.donorRegisterFile(uid, year, format, locale)} testId="register" note={t('downloadNote')} />
      ) : null}
      {value.gift_count === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-6 text-center text-muted" data-testid="register-empty">
          {t('registerEmpty')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="register-table">
            <thead className="bg-slate-50 text-xs text-muted">
              <tr>
                {[T.name, T.address, T.amount, T.receivedOn].map((column) => (
                  <th key={column.en} scope="col" className="px-3 py-2 font-semibold">
                    {column[locale]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {value.donors.map((donor, index) =>
                donor.gifts.map((gift, giftIndex) => (
                  <tr
                    key={`${index}-${giftIndex}`}
                    className="border-t border-slate-100"
                    data-testid={giftIndex === 0 ? 'register-donor' : undefined}
                  >
                    <td className="px-3 py-2">{giftIndex === 0 ? donor.name : ''}</td>
                    <td className="px-3 py-2">{giftIndex === 0 ? donor.address : ''}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(gift.amount)}</td>
                    <td className="whitespace-nowrap px-3 py-2">{gift.received_on}</td>
                  </tr>
                )),
              )}
              {value.anonymous.map((gift, index) => (
                <tr key={`anonymous-${index}`} className="border-t border-slate-100" data-testid="register-anonymous">
                  <td className="px-3 py-2 text-muted">{T.anonymous[locale]}</td>
                  <td className="px-3 py-2" />
                  <td className="whitespace-nowrap px-3 py-2 text-right">{format.yen(gift.amount)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{gift.received_on}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-200 font-semibold">
              <tr>
                <th scope="row" colSpan={2} className="px-3 py-2 text-left">
                  {T.total[locale]}
                </th>
                <td className="whitespace-nowrap px-3 py-2 text-right" data-testid="register-total">
                  {format.yen(value.total)}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p className="text-sm text-muted">{T.keep[locale]}</p>
    </div>
  );
}
