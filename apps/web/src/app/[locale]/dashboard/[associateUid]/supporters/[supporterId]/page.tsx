// /dashboard/{associateUid}/supporters/{supporterId}: one supporter's page (ADR 060). An id that
// is not a supporter id (`u` or `g` and a row id) is the 404 page; one the associate has no gifts
// from is the console's "not found".
import { supporterId } from '@kifu/domain/api/console';
import { notFound } from 'next/navigation';
import { SupporterPage } from '@/features/associate-console/supporter-page';
import { consolePage, type ConsoleParams } from '../../../console-page';

type Params = ConsoleParams & Promise<{ supporterId: string }>;

const page = consolePage<Params>('supporters', ({ params }) => {
  const id = decodeURIComponent(params.supporterId);
  if (!supporterId.safeParse(id).success) notFound();
  return <SupporterPage supporterId={id} />;
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
