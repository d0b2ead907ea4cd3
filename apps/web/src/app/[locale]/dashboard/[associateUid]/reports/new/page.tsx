// /dashboard/{associateUid}/reports/new: a new activity report, for owners and staff (ADR 068). The
// editor's toolbar reads the campaign dashboard's `dashboard.editor` texts.
import { ActivityReportEditor } from '@/features/associate-console/activity-report-editor';
import { consolePage } from '../../../console-page';

const page = consolePage('activityReports', () => <ActivityReportEditor reportId={null} />, ['dashboard']);
export const generateMetadata = page.generateMetadata;
export default page.Page;
