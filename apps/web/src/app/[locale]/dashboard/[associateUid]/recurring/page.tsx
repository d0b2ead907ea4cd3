// /dashboard/{associateUid}/recurring: the associate's monthly and annual supporters in every state (ADR 060).
import { RecurringTable } from '@/features/associate-console/recurring-table';
import { consolePage } from '../../console-page';

const page = consolePage('recurringSupport.title', () => <RecurringTable />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
