// /dashboard/{associateUid}/statements: the associate's monthly statements and payouts (ADR 075).
import { StatementsPage } from '@/features/associate-console/statements';
import { consolePage } from '../../console-page';

const page = consolePage('statements.title', () => <StatementsPage />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
