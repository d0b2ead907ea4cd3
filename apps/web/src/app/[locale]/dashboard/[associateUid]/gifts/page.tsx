// /dashboard/{associateUid}/gifts: every gift to the associate (ADR 060).
import { GiftsTable } from '@/features/associate-console/gifts-table';
import { consolePage } from '../../console-page';

const page = consolePage('gifts', () => <GiftsTable />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
