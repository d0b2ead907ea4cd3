// The head of a campaign's sub-pages (reports, one report, messages): a trail back to the
// campaign, then the page's own title.
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { campaignPath } from './campaign-links';

export function CampaignSubpageHeader({
  campaign,
  trail = [],
  title,
  children,
}: {
  campaign: { id: number; title: string };
  trail?: { href: string; label: string }[];
  title: string;
  children?: ReactNode;
}) {
  const t = useTranslations('campaign');
  const links = [{ href: '/campaign', label: t('listTitle') }, { href: campaignPath(campaign.id), label: campaign.title }, ...trail];
  return (
    <header className="mb-8 mt-6">
      <nav aria-label={t('detail.breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          {links.map((link, index) => (
            <li key={link.href} className="flex min-w-0 items-center gap-2">
              {index > 0 ? <span aria-hidden="true">›</span> : null}
              <Link
                href={link.href}
                className="truncate hover:text-brand-700 hover:underline"
                data-testid={index === 1 ? 'back-to-campaign' : undefined}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="mt-4 text-2xl font-bold leading-snug tracking-tight md:text-3xl">{title}</h1>
      {children}
    </header>
  );
}
