// Organisation facts of the overview: type, representative, year established, address, website,
// and a certified organisation's certification (number, authority, the day granted and the last
// day of its term, as its receipts state them; ADR 070). A fact the associate did not give is left
// out rather than shown empty.
import type { api } from '@kifu/domain';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ExternalLink } from '@/components/ui/external-link';
import { organisationTypeLabel } from './associate-card';

/** A calendar day as each language writes it (a day, not an instant: no time zone moves it). */
const dayIn = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

export function AssociateFacts({ associate }: { associate: api.AssociateDetail }) {
  const t = useTranslations('associatePages.detail');
  const locale = useLocale();
  const certification = associate.certification;
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
    [t('certificationNumber'), certification?.number ?? ''],
    [t('certificationAuthority'), certification?.authority ?? ''],
    [t('certifiedOn'), certification ? dayIn(certification.certified_on, locale) : ''],
    [t('certificationExpiresOn'), certification?.expires_on ? dayIn(certification.expires_on, locale) : ''],
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
