// /dashboard/{associateUid}/audit: the owners' audit log (ADR 060).
import { AuditLog } from '@/features/associate-console/audit-log';
import { consolePage } from '../../console-page';

const page = consolePage('audit', () => <AuditLog />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
