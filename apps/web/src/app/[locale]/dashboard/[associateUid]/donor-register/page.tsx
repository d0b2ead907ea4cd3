// /dashboard/{associateUid}/donor-register: opens the last finished fiscal year's register (ADR 061).
import { DonorRegisterPage } from '@/features/associate-console/donor-register';
import { consolePage } from '../../console-page';

const page = consolePage('donorRegister', () => <DonorRegisterPage />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
