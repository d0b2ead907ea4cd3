import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { PageContainer } from '@/components/ui/page-container';
import { Link } from '@/i18n/navigation';

export function HomeSection({
  id,
  title,
  lead,
  seeAllHref,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  seeAllHref?: string;
  children: ReactNode;
}) {
  const t = useTranslations('top');
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`home-${id}`} className="mt-16">
      <PageContainer>
        <div className="mb-6 flex items-end justify-between gap-4">
          <div>
            <h2 id={`${id}-title`} className="text-xl font-bold md:text-2xl">
              {title}
            </h2>
            {lead ? <p className="mt-1 text-sm text-muted">{lead}</p> : null}
          </div>
          {seeAllHref ? (
            <Link href={seeAllHref} className="shrink-0 text-sm font-semibold text-brand-700 hover:underline">
              {t('seeAll')} →
            </Link>
          ) : null}
        </div>
        {children}
      </PageContainer>
    </section>
  );
}
