// /dashboard/{associateUid}/supporters: the associate's supporters (ADR 060).
import { SupportersTable } from '@/features/associate-console/supporters-table';
import { consolePage } from '../../console-page';

const page = consolePage('supporters', () => <SupportersTable />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
