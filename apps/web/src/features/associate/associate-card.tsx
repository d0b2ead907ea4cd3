// An associate in a list: logo, name, organisation type, prefecture, social challenges, deductible badge.
import { ORGANISATION_TYPES, type api, type OrganisationTypeId } from '@kifu/domain';
import { useLocale, useTranslations } from 'next-intl';
import { Tag } from '@/components/ui/tag';
import { Link } from '@/i18n/navigation';

/** The organisation type in the page's language (the domain's label), or the API's label for a type the web does not know yet. */
export function organisationTypeLabel(associate: api.AssociateSummary, locale: 'ja' | 'en'): string {
  const known = ORGANISATION_TYPES[associate.organisation_type as OrganisationTypeId];
  return known ? known[locale] : associate.organisation_type_label;
}

export function AssociateCard({ associate }: { associate: api.AssociateSummary }) {
  const t = useTranslations('associate');
  const locale = useLocale();
  return (
    <article
      data-testid="associate-card"
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md"
    >
      <Link href={`/associate/${associate.uid}`} className="group flex items-start gap-3">
        <img
          src={associate.logo_url}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="size-14 shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
        />
        <div className="min-w-0">
          <p className="text-xs text-muted">
            {organisationTypeLabel(associate, locale)}
            {associate.prefecture ? ` ・ ${associate.prefecture}` : ''}
          </p>
          <h3 className="mt-0.5 line-clamp-2 font-bold leading-snug group-hover:text-brand-700">{associate.name}</h3>
        </div>
      </Link>
      {associate.catch_copy ? <p className="mt-3 line-clamp-2 text-sm text-muted">{associate.catch_copy}</p> : null}
      <div className="mt-auto flex flex-wrap gap-1.5 pt-3">
        {associate.is_deductible ? <Tag tone="success">{t('deductible')}</Tag> : null}
        {associate.social_challenges.map((challenge) => (
          <Link
            key={challenge.slug}
            href={{ pathname: '/associate', query: { social_challenge: challenge.slug } }}
            className="rounded-full"
          >
            <Tag>{challenge.name}</Tag>
          </Link>
        ))}
      </div>
    </article>
  );
}
