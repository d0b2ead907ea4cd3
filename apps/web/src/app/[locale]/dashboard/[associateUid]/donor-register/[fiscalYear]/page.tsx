// /dashboard/{associateUid}/donor-register/{fiscalYear}: one fiscal year's donor register (ADR 061).
// A year outside 2000–2100 is the 404 page, as the API would refuse it.
import { notFound } from 'next/navigation';
import { DonorRegisterPage } from '@/features/associate-console/donor-register';
import { consolePage, type ConsoleParams } from '../../../console-page';

type Params = ConsoleParams & Promise<{ fiscalYear: string }>;

const page = consolePage<Params>('donorRegister', ({ params }) => {
  const year = Number(params.fiscalYear);
  if (!/^\d{4}$/.test(params.fiscalYear) || year < 2000 || year > 2100) notFound();
  return <DonorRegisterPage fiscalYear={year} />;
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
