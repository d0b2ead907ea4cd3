// /mypage/campaigns (spec §2 account routes, ADR 036): the user's campaigns and drafts
// (features/dashboard/my-campaigns.tsx).
import { DashboardMessages } from '@/features/dashboard/dashboard-messages';
import { MyCampaigns } from '@/features/dashboard/my-campaigns';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { mypagePage } from '../mypage-page';

function CampaignsSection({ title }: { title: string }) {
  return (
    <DashboardMessages>
      <SignedInOnly title={title}>
        <MyCampaigns />
      </SignedInOnly>
    </DashboardMessages>
  );
}

const page = mypagePage('campaigns', CampaignsSection);
export const generateMetadata = page.generateMetadata;
export default page.Page;
