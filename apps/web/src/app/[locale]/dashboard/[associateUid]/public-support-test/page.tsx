// /dashboard/{associateUid}/public-support-test: where the associate stands on the public-support test (ADR 071).
import { PstTracker } from '@/features/associate-console/pst-tracker';
import { consolePage } from '../../console-page';

const page = consolePage('pst.title', () => <PstTracker />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
