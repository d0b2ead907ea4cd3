// /dashboard/{associateUid}/receipts: the receipts the associate issued, their staff copies and
// their correction by reissue (ADR 066, ADR 060).
import { ReceiptsTable } from '@/features/associate-console/receipts-table';
import { consolePage } from '../../console-page';

const page = consolePage('receipts.title', () => <ReceiptsTable />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
