// /dashboard/{associateUid}/gifts/{donationId}: one gift's page (ADR 060). An id that is not a
// plausible row id is the 404 page; one of another associate is the console's "not found".
import { notFound } from 'next/navigation';
import { GiftPage } from '@/features/associate-console/gift-page';
import { consolePage, type ConsoleParams } from '../../../console-page';

type Params = ConsoleParams & Promise<{ donationId: string }>;

const page = consolePage<Params>('gifts', ({ params }) => {
  const id = Number(params.donationId);
  if (!/^\d{1,10}$/.test(params.donationId) || id < 1 || id > 2_147_483_647) notFound();
  return <GiftPage donationId={id} />;
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
