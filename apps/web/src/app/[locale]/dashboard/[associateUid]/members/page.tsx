// /dashboard/{associateUid}/members: the console's members and invitations, for owners (ADR 060).
import { Members } from '@/features/associate-console/members';
import { consolePage } from '../../console-page';

const page = consolePage('members', () => <Members />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
