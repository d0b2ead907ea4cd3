// The associate's businesses (spec §2 /associate/{uid}/business): each with its visual, name and
// purpose, leading to its own page.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { businessHref } from './associate-links';

export function BusinessList({ uid, businesses }: { uid: string; businesses: readonly api.AssociateBusiness[] }) {
  const t = useTranslations('associatePages.businesses');
  if (businesses.length === 0) return <p className="rounded-xl bg-slate-50 p-8 text-center text-muted">{t('empty')}</p>;
  return (
    <ul className="grid gap-5 sm:grid-cols-2">
      {businesses.map((business) => (
        <li key={business.id}>
          <article
            className="h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
            data-testid="associate-business"
          >
            <Link href={businessHref(uid, business.id)} className="group flex h-full flex-col">
              <img
                src={business.main_visual_url}
                alt=""
                width={1200}
                height={630}
                loading="lazy"
                className="aspect-[1200/630] w-full bg-slate-100 object-cover"
              />
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h3 className="font-bold leading-snug group-hover:text-brand-700">{business.name}</h3>
                <p className="line-clamp-3 text-sm leading-relaxed text-muted">{business.activity || business.purpose}</p>
                <span className="mt-auto pt-2 text-sm font-semibold text-brand-700">{t('more')}</span>
              </div>
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
