// Pages that are a title and a lead for now (spec §2 routes): a real route and title per locale so
// links resolve. The long-form pages (privacy, terms, help, assets) use features/static-pages.
import type { ReactNode } from 'react';
import { PageContainer, type PageWidth } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';

export function StaticPageBody({
  title,
  body,
  width = 'md',
  children,
}: {
  title: string;
  body: string;
  width?: PageWidth;
  children?: ReactNode;
}) {
  return (
    <PageContainer width={width}>
      <PageHeading title={title} lead={body} />
      {children}
    </PageContainer>
  );
}
