// The search of /associate (ADR 016): a plain GET form (it works without client
// JavaScript) with a text field, the social challenges with their counts and the organisation
// types; the current filters are its defaults, and "clear filters" goes back to the whole list.
import { ORGANISATION_TYPE_IDS, ORGANISATION_TYPES } from '@kifu/domain';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { getPathname, Link } from '@/i18n/navigation';
import { hasFilters, SEARCH_TEXT_MAX, type AssociateFilters } from './associate-search';
import type { SocialChallengeCount } from './fetch-social-challenge-counts';

const fieldClass =
  'h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

export function AssociateSearchForm({ filters, challenges }: { filters: AssociateFilters; challenges: readonly SocialChallengeCount[] }) {
  const t = useTranslations('associatePages.search');
  const locale = useLocale();
  return (
    <form
      method="get"
      action={getPathname({ href: '/associate', locale })}
      role="search"
      aria-label={t('label')}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_13rem_13rem_auto] md:items-end"
      data-testid="associate-search"
    >
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('text')}
        <input
          type="search"
          name="q"
          defaultValue={filters.q ?? ''}
          maxLength={SEARCH_TEXT_MAX}
          placeholder={t('textPlaceholder')}
          className={`${fieldClass} font-normal`}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('socialChallenge')}
        <select name="social_challenge" defaultValue={filters.socialChallenge ?? ''} className={`${fieldClass} font-normal`}>
          <option value="">{t('anyChallenge')}</option>
          {challenges.map((challenge) => (
            <option key={challenge.slug} value={challenge.slug}>
              {t('challengeOption', { name: challenge.name, count: challenge.count })}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('organisationType')}
        <select
          name="organisation_type"
          defaultValue={filters.organisationType === undefined ? '' : String(filters.organisationType)}
          className={`${fieldClass} font-normal`}
        >
          <option value="">{t('anyType')}</option>
          {ORGANISATION_TYPE_IDS.map((id) => (
            <option key={id} value={id}>
              {ORGANISATION_TYPES[id][locale]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonClasses({ className: 'h-11 flex-1 md:flex-none' })}>
          {t('submit')}
        </button>
        {hasFilters(filters) ? (
          <Link href="/associate" className="text-sm text-brand-700 underline whitespace-nowrap" data-testid="associate-search-clear">
            {t('clear')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
