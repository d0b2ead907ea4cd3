// /dashboard/{associateUid}/external-gifts: gifts received outside Kifu, imported from a CSV file (ADR 077).
import { ExternalGiftsPage } from '@/features/associate-console/external-gifts';
import { consolePage } from '../../console-page';

const page = consolePage('externalGifts.title', () => <ExternalGiftsPage />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
