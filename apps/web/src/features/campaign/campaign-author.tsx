// Who the campaign page names as its author instead of the associate (spec §3 customAuthor).
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';

export function CampaignAuthor({ author }: { author: api.CampaignCustomAuthor }) {
  const t = useTranslations('campaign.detail');
  return (
    <section className="flex gap-4 rounded-2xl bg-slate-50 p-5" data-testid="campaign-author" aria-labelledby="campaign-author-title">
      <img
        src={author.image_url}
        alt=""
        width={80}
        height={80}
        loading="lazy"
        className="size-16 shrink-0 rounded-full bg-white object-cover md:size-20"
      />
      <div className="min-w-0">
        <h2 id="campaign-author-title" className="text-xs font-semibold text-muted">
          {t('author')}
        </h2>
        <p className="mt-1 text-lg font-bold" data-testid="campaign-author-name">
          {author.name}
        </p>
        {author.description ? <p className="mt-2 text-sm leading-relaxed">{author.description}</p> : null}
      </div>
    </section>
  );
}
