// /dashboard/{associateUid}/statements/{YYYY-MM}: one closed month's statement (ADR 075). A month
// that is not one is the 404 page, as the API would refuse it.
import { notFound } from 'next/navigation';
import { StatementPage } from '@/features/associate-console/statements';
import { consolePage, type ConsoleParams } from '../../../console-page';

type Params = ConsoleParams & Promise<{ month: string }>;

const page = consolePage<Params>('statements.title', ({ params }) => {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(params.month)) notFound();
  return <StatementPage month={params.month} />;
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
