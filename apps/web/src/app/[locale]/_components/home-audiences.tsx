// The three audiences the footer names (spec §1): supporters, associates wanting to be listed, and
// peer-to-peer fundraisers. The two landing pages follow the remote configuration like the
// footer's links (spec §2 "Footer": overridable by remote configuration keys).
import { getTranslations } from 'next-intl/server';
import { ExternalLink } from '@/components/ui/external-link';
import { Link } from '@/i18n/navigation';
import type { LandingUrls } from '@/features/site-config/landing-urls';
import { HomeSection } from './home-section';

type Audience = 'supporters' | 'associates' | 'p2p';

export async function HomeAudiences({ urls }: { urls: LandingUrls }) {
  const t = await getTranslations('audiences');
  const tFooter = await getTranslations('footer');
  const linkClass = 'mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-700 hover:underline';
  const links: Record<Audience, React.ReactNode> = {
    supporters: (
      <Link href="/associate" className={linkClass} data-testid="audience-link-supporters">
        {t('supporters.link')} →
      </Link>
    ),
    associates: (
      <ExternalLink
        href={urls.associateLandingUrl}
        className={linkClass}
        newTabHint={tFooter('opensInNewTab')}
        data-testid="audience-link-associates"
      >
        {t('associates.link')} ↗
      </ExternalLink>
    ),
    p2p: (
      <ExternalLink href={urls.p2pLandingUrl} className={linkClass} newTabHint={tFooter('opensInNewTab')} data-testid="audience-link-p2p">
        {t('p2p.link')} ↗
      </ExternalLink>
    ),
  };
  return (
    <HomeSection id="audiences" title={t('title')} lead={t('lead')}>
      <ul className="grid gap-5 md:grid-cols-3">
        {(['supporters', 'associates', 'p2p'] as const).map((audience) => (
          <li
            key={audience}
            data-testid={`audience-${audience}`}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <p className="text-xs font-bold uppercase tracking-widest text-brand-700">{t(`${audience}.eyebrow`)}</p>
            <h3 className="mt-2 text-lg font-bold leading-snug">{t(`${audience}.title`)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{t(`${audience}.body`)}</p>
            {links[audience]}
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
