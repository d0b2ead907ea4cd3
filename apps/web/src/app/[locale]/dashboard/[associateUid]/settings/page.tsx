// /dashboard/{associateUid}/settings: the console's settings, read by every member and changed by
// owners (ADR 060, ADR 061).
import { ConsoleSettings } from '@/features/associate-console/console-settings';
import { consolePage } from '../../console-page';

const page = consolePage('settings.title', () => <ConsoleSettings />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
