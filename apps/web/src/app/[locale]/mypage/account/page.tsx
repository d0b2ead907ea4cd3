// /mypage/account (spec §2 account routes; ADR 031): features/auth/account-settings.tsx.
import { AccountSettings } from '@/features/auth/account-settings';
import { mypagePage } from '../mypage-page';

const page = mypagePage('account', AccountSettings);
export const generateMetadata = page.generateMetadata;
export default page.Page;
