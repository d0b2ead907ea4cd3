// /dashboard/{associateUid}/campaigns: supporters' campaigns waiting for the associate's approval, and those decided (ADR 069).
import { CampaignApprovals } from '@/features/associate-console/campaign-approvals';
import { consolePage } from '../../console-page';

// The campaign types' names and the release checks' names come from the public pages' and the dashboard's catalogues.
const page = consolePage('campaigns.title', () => <CampaignApprovals />, ['campaign', 'dashboard']);
export const generateMetadata = page.generateMetadata;
export default page.Page;
