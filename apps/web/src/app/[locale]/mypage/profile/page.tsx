// /mypage/profile (spec §2 account routes).
import { mypagePage } from '../mypage-page';

const page = mypagePage('profile');
export const generateMetadata = page.generateMetadata;
export default page.Page;
