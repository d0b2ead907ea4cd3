// An associate's vision (spec §3 "vision (core, detail, and images for challenge, challenge-reason
// and use-for-donation)"): the vision itself, then the challenge, why they take it on and how
// donations are used, each beside its image (stacked on a phone, side by side on a desktop).
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { Paragraphs } from './paragraphs';

export function VisionBlocks({ vision }: { vision: api.AssociateVision }) {
  const t = useTranslations('associatePages.vision');
  const blocks = [
    { key: 'challenge', title: t('challenge'), text: vision.challenge, image: vision.challenge_image_url },
    { key: 'reason', title: t('reason'), text: vision.challenge_reason, image: vision.challenge_reason_image_url },
    { key: 'use-for-donation', title: t('useForDonation'), text: vision.use_for_donation, image: vision.use_for_donation_image_url },
  ].filter((block) => block.text !== '');
  if (vision.core === '' && blocks.length === 0) return <p className="rounded-xl bg-slate-50 p-8 text-center text-muted">{t('empty')}</p>;
  return (
    <div data-testid="associate-vision">
      {vision.core ? (
        <p className="text-xl font-bold leading-relaxed md:text-2xl" data-testid="vision-core">
          {vision.core}
        </p>
      ) : null}
      {vision.detail ? <Paragraphs text={vision.detail} className="mt-4 text-muted" /> : null}
      <div className="mt-10 flex flex-col gap-10">
        {blocks.map((block, index) => (
          <section
            key={block.key}
            aria-labelledby={`vision-${block.key}`}
            className="grid items-center gap-5 md:grid-cols-2 md:gap-8"
            data-testid={`vision-${block.key}`}
          >
            {block.image ? (
              <img
                src={block.image}
                alt=""
                width={1200}
                height={630}
                loading="lazy"
                className={`aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover ${index % 2 === 1 ? 'md:order-2' : ''}`}
              />
            ) : null}
            <div>
              <h3 id={`vision-${block.key}`} className="text-lg font-bold">
                {block.title}
              </h3>
              <Paragraphs text={block.text} className="mt-3" />
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
