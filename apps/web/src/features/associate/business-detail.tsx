// One business (spec §3 "businesses (main visual, detail, purpose, activity, result and cost
// images)"): its visual and name, then purpose, activity, result and cost, each with its image
// where the associate gave one.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { Paragraphs } from './paragraphs';

export function BusinessDetail({ business }: { business: api.AssociateBusinessDetail }) {
  const t = useTranslations('associatePages.businesses');
  const blocks = [
    { key: 'purpose', title: t('purpose'), text: business.purpose, image: null },
    { key: 'activity', title: t('activity'), text: business.activity, image: business.activity_image_url },
    { key: 'result', title: t('result'), text: business.result, image: business.result_image_url },
    { key: 'cost', title: t('cost'), text: business.cost, image: business.cost_image_url },
  ].filter((block) => block.text !== '');
  return (
    <article data-testid="business-detail">
      <img
        src={business.main_visual_url}
        alt=""
        width={1200}
        height={630}
        className="aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover"
      />
      <h2 className="mt-6 text-2xl font-bold leading-snug">{business.name}</h2>
      {business.detail && business.detail !== business.activity ? <Paragraphs text={business.detail} className="mt-3 text-muted" /> : null}
      <div className="mt-8 flex flex-col gap-8">
        {blocks.map((block) => (
          <section
            key={block.key}
            aria-labelledby={`business-${block.key}`}
            data-testid={`business-${block.key}`}
            className="grid gap-4 md:grid-cols-[1fr_16rem] md:items-start"
          >
            <div>
              <h3 id={`business-${block.key}`} className="text-lg font-bold">
                {block.title}
              </h3>
              <Paragraphs text={block.text} className="mt-2" />
            </div>
            {block.image ? (
              <img
                src={block.image}
                alt=""
                width={1200}
                height={630}
                loading="lazy"
                className="aspect-[1200/630] w-full rounded-xl bg-slate-100 object-cover"
              />
            ) : null}
          </section>
        ))}
      </div>
    </article>
  );
}
