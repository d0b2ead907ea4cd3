// /dashboard/{associateUid}/exports/{exportId}: one CSV export's progress and download (ADR 065),
// where the ready mail links. An id that is not a plausible row id is the 404 page; one of another
// associate, or swept after 7 days, is the console's "not found".
import { notFound } from 'next/navigation';
import { ExportPage } from '@/features/associate-console/console-exports';
import { consolePage, type ConsoleParams } from '../../../console-page';

type Params = ConsoleParams & Promise<{ exportId: string }>;

const page = consolePage<Params>('exports.title', ({ params }) => {
  const id = Number(params.exportId);
  if (!/^\d{1,10}$/.test(params.exportId) || id < 1 || id > 2_147_483_647) notFound();
  return <ExportPage exportId={id} />;
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
