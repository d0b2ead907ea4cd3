// /dashboard/{associateUid}/exports: the associate's CSV exports still kept (ADR 065).
import { ExportsList } from '@/features/associate-console/console-exports';
import { consolePage } from '../../console-page';

const page = consolePage('exports.title', () => <ExportsList />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
