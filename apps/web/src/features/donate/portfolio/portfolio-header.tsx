'use client';
// The portfolio donate page's header (spec §2 /portfolio/{id}/donate): the portfolio, its
// associates with their shares, and the split of what the supporter is about to give, as they
// type (portfolioSplit: the domain's split, so the preview equals what the API records).
import type { Locale } from '@kifu/domain/enums';
import { formatYenAmount } from '@kifu/domain/money';
import { parseNumeric } from '@kifu/domain/normalise';
import { useLocale, useTranslations } from 'next-intl';
import { sharePercent } from '@/lib/share-percent';
import { useWatch, type Control } from 'react-hook-form';
import type { DonateFormValues } from '../form/field-values';
import { totalOf } from '../form/step-validation';
import type { DonatePortfolio, DonateTarget } from '../donate-target';
import { portfolioSplit } from './portfolio-target';

export function PortfolioHeader({
  target,
  portfolio,
  control,
  showSplit,
}: {
  target: DonateTarget;
  portfolio: DonatePortfolio;
  control: Control<DonateFormValues>;
  showSplit: boolean;
}) {
  const t = useTranslations('donate');
  const locale = useLocale() as Locale;
  const [amountText, isCommissionContains] = useWatch({ control, name: ['amount', 'isCommissionContains'] });
  const amount = parseNumeric(amountText);
  const parts = portfolioSplit(portfolio.compositions, amount === undefined ? undefined : totalOf(target, amount, isCommissionContains));
  return (
    <header className="mb-6 mt-8 md:mt-12" data-testid="portfolio-header">
      <div className="flex items-center gap-4">
        <img
          src={target.associate.logoUrl}
          alt=""
          width={56}
          height={56}
          className="size-14 shrink-0 rounded-xl border border-slate-200 bg-white object-cover"
        />
        <div className="min-w-0">
          <p className="text-xs font-semibold text-brand-700">
            {t('pageTitle')} · {t('portfolio.label')}
          </p>
          <h1 className="text-xl font-bold leading-snug md:text-2xl">{t('portfolio.supportTo', { name: portfolio.name })}</h1>
        </div>
      </div>
      <section className="mt-4 rounded-2xl border border-slate-200 bg-white p-4" aria-labelledby="portfolio-composition-title">
        <h2 id="portfolio-composition-title" className="text-sm font-bold">
          {t('portfolio.composition')}
        </h2>
        <p className="mt-0.5 text-xs text-muted">{t('portfolio.compositionHint')}</p>
        <ul className="mt-3 flex flex-col gap-2" data-testid="portfolio-composition" aria-live="polite">
          {parts.map((part) => (
            <li key={part.associateId} className="flex items-center gap-3" data-testid={`portfolio-part-${part.associateId}`}>
              <img
                src={part.logoUrl}
                alt=""
                width={32}
                height={32}
                className="size-8 shrink-0 rounded-lg border border-slate-200 bg-white object-contain"
              />
              <span className="min-w-0 flex-1 truncate text-sm">{part.name}</span>
              <span className="w-16 text-right text-sm text-muted" data-testid="portfolio-share">
                {t('portfolio.share', { percent: sharePercent(part.shareBp) })}
              </span>
              {showSplit ? (
                <span className="w-24 text-right text-sm font-bold" data-testid="portfolio-part-amount">
                  {part.amount === null ? t('portfolio.partPending') : formatYenAmount(part.amount, locale)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </header>
  );
}
