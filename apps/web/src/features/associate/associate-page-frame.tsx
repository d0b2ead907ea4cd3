// Every associate page, overview and sub-pages alike: a way back to the list, the associate's
// header and its menu above the section's own content.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { PageContainer } from '@/components/ui/page-container';
import { Link } from '@/i18n/navigation';
import { AssociateHeader } from './associate-header';
import { associateHref, type AssociateSection } from './associate-links';
import { AssociateSubNav } from './associate-sub-nav';

export interface Crumb {
  label: string;
  href?: string;
}

export function AssociatePageFrame({
  associate,
  active,
  crumbs = [],
  children,
}: {
  associate: api.AssociateSummary;
  active: AssociateSection;
  crumbs?: Crumb[];
  children: ReactNode;
}) {
  const t = useTranslations('associatePages.detail');
  const tAssociate = useTranslations('associate');
  const trail: Crumb[] = [
    { label: tAssociate('listTitle'), href: '/associate' },
    { label: associate.name, href: crumbs.length > 0 ? associateHref(associate.uid) : undefined },
    ...crumbs,
  ];
  return (
    <PageContainer width="md" className="pb-16">
      <nav className="mt-6 text-sm" aria-label={t('breadcrumb')} data-testid="breadcrumb">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
          {trail.map((crumb, index) => (
            <li key={index} className="flex min-w-0 items-center gap-2">
              {index > 0 ? <span aria-hidden="true">/</span> : null}
              {crumb.href ? (
                <Link href={crumb.href} className="truncate hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current="page" className="truncate text-ink">
                  {crumb.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-4">
        <AssociateHeader associate={associate} compact={active !== 'overview'} />
      </div>
      <AssociateSubNav uid={associate.uid} active={active} />
      <div className="mt-8">{children}</div>
    </PageContainer>
  );
}

/** A titled section of an associate page's content. */
export function AssociateSection({ id, title, testId, children }: { id: string; title: string; testId?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
