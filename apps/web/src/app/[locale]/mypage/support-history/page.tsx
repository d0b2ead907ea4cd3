// /mypage/support-history (spec §2 account routes).
import { mypagePage } from '../mypage-page';

const page = mypagePage('supportHistory');
export const generateMetadata = page.generateMetadata;
export default page.Page;
