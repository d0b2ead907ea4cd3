// /dashboard/{associateUid}/page: the organisation's public page, edited in ja and en with a
// preview; read-only for viewers (ADR 067, ADR 060).
import { PageEditor } from '@/features/associate-console/page-editor/page-editor';
import { consolePage } from '../../console-page';

const page = consolePage('page.title', () => <PageEditor />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
