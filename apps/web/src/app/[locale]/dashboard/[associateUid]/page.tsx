// /dashboard/{associateUid} (spec §2): the console's overview (ADR 060).
import { ConsoleOverview } from '@/features/associate-console/console-overview';
import { consolePage } from '../console-page';

const page = consolePage('overview', () => <ConsoleOverview />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
