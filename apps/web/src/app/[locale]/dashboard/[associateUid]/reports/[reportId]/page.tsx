// /dashboard/{associateUid}/reports/{reportId}: one activity report, edited by owners and staff and
// read by viewers (ADR 068). An id that is not a plausible row id is the 404 page; one of another
// associate is the console's "not found". The editor's toolbar reads `dashboard.editor`.
import { notFound } from 'next/navigation';
import { ActivityReportEditor } from '@/features/associate-console/activity-report-editor';
import { consolePage, type ConsoleParams } from '../../../console-page';

type Params = ConsoleParams & Promise<{ reportId: string }>;

const page = consolePage<Params>(
  'activityReports',
  ({ params }) => {
    const id = Number(params.reportId);
    if (!/^\d{1,10}$/.test(params.reportId) || id < 1 || id > 2_147_483_647) notFound();
    return <ActivityReportEditor reportId={id} />;
  },
  ['dashboard'],
);
export const generateMetadata = page.generateMetadata;
export default page.Page;
