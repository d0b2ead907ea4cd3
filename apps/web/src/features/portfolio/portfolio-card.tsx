// A portfolio in a list: a themed bundle of associates supported with one gift.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { Tag } from '@/components/ui/tag';
import { Link } from '@/i18n/navigation';

export function PortfolioCard({ portfolio }: { portfolio: api.PortfolioSummary }) {
  const t = useTranslations('portfolio');
  return (
    <article
      data-testid="portfolio-card"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <Link href={`/portfolio/${portfolio.id}`} className="group flex h-full flex-col">
        <img
          src={portfolio.main_visual_url}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          className="aspect-video w-full bg-slate-100 object-cover"
        />
        <div className="flex flex-1 flex-col gap-2 p-4">
          <h3 className="font-bold leading-snug group-hover:text-brand-700">{portfolio.name}</h3>
          <p className="line-clamp-3 text-sm text-muted">{portfolio.description}</p>
          <div className="mt-auto flex flex-wrap gap-1.5 pt-2">
            <Tag tone="brand">{t('associateCount', { count: portfolio.associate_count })}</Tag>
            {portfolio.social_challenges.map((challenge) => (
              <Tag key={challenge.slug}>{challenge.name}</Tag>
            ))}
          </div>
        </div>
      </Link>
    </article>
  );
}
