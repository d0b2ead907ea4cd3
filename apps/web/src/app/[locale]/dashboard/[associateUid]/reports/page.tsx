// /dashboard/{associateUid}/reports: the associate's activity reports, for every member (ADR 068).
import { ActivityReports } from '@/features/associate-console/activity-reports';
import { consolePage } from '../../console-page';

const page = consolePage('activityReports', () => <ActivityReports />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
