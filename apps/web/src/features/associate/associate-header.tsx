// The top of every associate page (ADR 016): main visual, logo, name, catch copy,
// organisation type and prefecture, social challenges, whether gifts are tax deductible (said
// either way, spec §9's non-deductible ids through is_deductible) and the supporter count, with
// the way to donate.
import type { api } from '@kifu/domain';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { Tag } from '@/components/ui/tag';
import { Link } from '@/i18n/navigation';
import { organisationTypeLabel } from './associate-card';
import { donateHref, socialChallengeHref } from './associate-links';

/** `compact`: a shallower visual for the sub-pages, so their own content shows without scrolling past the banner. */
export function AssociateHeader({ associate, compact = false }: { associate: api.AssociateSummary; compact?: boolean }) {
  const t = useTranslations('associatePages.detail');
  const tAssociate = useTranslations('associate');
  const locale = useLocale();
  return (
    <header data-testid="associate-header">
      <img
        src={associate.main_visual_url}
        alt=""
        width={1200}
        height={630}
        // The page's largest paint: fetched first (Lighthouse LCP, docs/performance.md).
        fetchPriority="high"
        className={cx('w-full rounded-2xl bg-slate-100 object-cover', compact ? 'aspect-[4/1]' : 'aspect-[1200/630]')}
      />
      {/* Only the logo overlaps the visual; the text starts below it, so nothing sits on the image. */}
      <div className="flex items-start gap-4 px-2 sm:px-4">
        <img
          src={associate.logo_url}
          alt=""
          width={96}
          height={96}
          className="relative -mt-8 size-16 shrink-0 rounded-2xl border-4 border-white bg-white object-contain shadow-sm sm:-mt-12 sm:size-24"
        />
        <div className="min-w-0 flex-1 pt-3">
          <p className="text-sm text-muted" data-testid="associate-organisation">
            {organisationTypeLabel(associate, locale)}
            {associate.prefecture ? ` ・ ${associate.prefecture}` : ''}
          </p>
          <h1 className="mt-1 text-2xl font-bold leading-snug tracking-tight md:text-3xl">{associate.name}</h1>
        </div>
      </div>
      {associate.catch_copy ? <p className="mt-4 text-lg font-semibold leading-relaxed text-brand-700">{associate.catch_copy}</p> : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <span data-testid="associate-deductible">
          <Tag tone={associate.is_deductible ? 'success' : 'neutral'}>{associate.is_deductible ? t('deductible') : t('notDeductible')}</Tag>
        </span>
        {associate.social_challenges.map((challenge) => (
          <Link key={challenge.slug} href={socialChallengeHref(challenge.slug)} className="rounded-full hover:opacity-80">
            <Tag>{challenge.name}</Tag>
          </Link>
        ))}
      </div>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">
          <span className="font-semibold text-ink" data-testid="associate-supporters">
            {tAssociate('supporters', { count: associate.supporter_count })}
          </span>
          <span className="mt-1 block" data-testid="associate-deductible-note">
            {associate.is_deductible ? t('deductibleNote') : t('notDeductibleNote')}
          </span>
        </p>
        <Link
          href={donateHref(associate.uid)}
          className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}
          data-testid="associate-donate"
        >
          {t('donate')}
        </Link>
      </div>
    </header>
  );
}
