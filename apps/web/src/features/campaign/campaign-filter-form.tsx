// The /campaign filters as a plain GET form (ADR 017: works without JavaScript): choosing and
// pressing the button reloads the list with ?type=&status=, which paging links keep.
import { CAMPAIGN_TYPE_IDS } from '@kifu/domain';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { getPathname, Link } from '@/i18n/navigation';
import { CAMPAIGN_STATUS_CHOICES, type CampaignFilters, type CampaignStatusChoice } from './campaign-filters';
import { campaignTypeKey } from '@/lib/campaign-type-name';

const selectClasses =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-500 sm:w-auto';

export function CampaignFilterForm({
  filters,
  statusChoice,
  filtered,
}: {
  filters: CampaignFilters;
  statusChoice: CampaignStatusChoice;
  filtered: boolean;
}) {
  const t = useTranslations('campaign');
  const locale = useLocale();
  return (
    <form
      method="get"
      action={getPathname({ href: '/campaign', locale })}
      aria-label={t('filter.label')}
      data-testid="campaign-filters"
      className="mt-6 flex flex-col gap-3 rounded-2xl bg-slate-50 p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('filter.type')}
        <select name="type" defaultValue={filters.type === undefined ? '' : String(filters.type)} className={selectClasses}>
          <option value="">{t('filter.allTypes')}</option>
          {CAMPAIGN_TYPE_IDS.map((type) => (
            <option key={type} value={String(type)}>
              {t(`types.${campaignTypeKey(type)}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('filter.status')}
        <select name="status" defaultValue={statusChoice} className={selectClasses}>
          {CAMPAIGN_STATUS_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`filter.${choice}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-4">
        <button type="submit" className={buttonClasses()}>
          {t('filter.apply')}
        </button>
        {filtered ? (
          <Link href="/campaign" className="text-sm text-brand-700 underline">
            {t('filter.clear')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
