// The frame of a campaign's list sub-pages (reports, messages): the trail back to the campaign, the
// title, how many there are, the page of items and the paging links.
import type { ReactNode } from 'react';
import { PageContainer } from '@/components/ui/page-container';
import { Pagination } from '@/components/ui/pagination';
import { CampaignSubpageHeader } from './campaign-subpage-header';

interface Props {
  campaign: { id: number; title: string };
  title: string;
  countText: string;
  countTestId: string;
  pathname: string;
  paging: { page: number; pageSize: number; count: number };
  children: ReactNode;
}

export function CampaignListSubpage({ campaign, title, countText, countTestId, pathname, paging, children }: Props) {
  return (
    <PageContainer width="md" className="pb-16">
      <CampaignSubpageHeader campaign={campaign} title={title}>
        <p className="mt-2 text-sm text-muted" data-testid={countTestId}>
          {countText}
        </p>
      </CampaignSubpageHeader>
      {children}
      <Pagination pathname={pathname} query={{}} {...paging} />
    </PageContainer>
  );
}
