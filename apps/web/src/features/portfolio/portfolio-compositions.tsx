// A portfolio's composition (ADR 020): each associate with its logo, its social
// challenges and the share of every gift it receives, as a percentage and a bar. Largest share first.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { Tag } from '@/components/ui/tag';
import { Link } from '@/i18n/navigation';
import { sharePercent } from '@/lib/share-percent';

type Composition = api.PortfolioDetail['compositions'][number];

function byShare(a: Composition, b: Composition): number {
  return b.share_bp - a.share_bp || a.associate.id - b.associate.id;
}

export function PortfolioCompositions({ compositions }: { compositions: readonly Composition[] }) {
  const t = useTranslations('portfolio.detail');
  return (
    <ul className="flex flex-col gap-3" data-testid="portfolio-compositions">
      {[...compositions].sort(byShare).map(({ associate, share_bp: shareBp }) => {
        const percent = sharePercent(shareBp);
        return (
          <li key={associate.id} data-testid="portfolio-composition" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start gap-3 sm:items-center">
              <img
                src={associate.logo_url}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className="size-12 shrink-0 rounded-xl border border-slate-200 bg-white object-contain sm:size-14"
              />
              <div className="min-w-0 flex-1">
                <Link
                  href={`/associate/${associate.uid}`}
                  className="font-bold leading-snug text-ink hover:text-brand-700 hover:underline"
                  data-testid="composition-associate"
                >
                  {associate.name}
                </Link>
                {associate.catch_copy ? <p className="mt-0.5 line-clamp-2 text-sm text-muted">{associate.catch_copy}</p> : null}
                {associate.social_challenges.length > 0 ? (
                  <div className="mt-2 flex flex-wrap gap-1.5">
                    {associate.social_challenges.map((challenge) => (
                      <Tag key={challenge.slug}>{challenge.name}</Tag>
                    ))}
                  </div>
                ) : null}
              </div>
              <span className="shrink-0 text-lg font-bold text-brand-700 sm:text-xl" data-testid="composition-share">
                {t('share', { percent })}
              </span>
            </div>
            <div
              className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
              role="img"
              aria-label={t('shareLabel', { name: associate.name, percent })}
            >
              <div className="h-full rounded-full bg-brand-500" style={{ width: `${shareBp / 100}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
