// Organisation facts of the overview: type, representative, year established, address, website.
// A fact the associate did not give is left out rather than shown empty.
import type { api } from '@kifu/domain';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ExternalLink } from '@/components/ui/external-link';
import { organisationTypeLabel } from './associate-card';

export function AssociateFacts({ associate }: { associate: api.AssociateDetail }) {
  const t = useTranslations('associatePages.detail');
  const locale = useLocale();
  const facts: [string, ReactNode][] = [
    [t('organisationType'), organisationTypeLabel(associate, locale)],
    [t('representative'), associate.representative],
    [t('established'), associate.established_year === null ? '' : t('establishedYear', { year: associate.established_year })],
    [t('address'), associate.address],
    [
      t('website'),
      associate.website_url ? (
        <ExternalLink href={associate.website_url} newTabHint={t('opensInNewTab')} className="break-all text-brand-700 underline">
          {associate.website_url}
        </ExternalLink>
      ) : (
        ''
      ),
    ],
  ];
  return (
    <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white" data-testid="associate-facts">
      {facts
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
