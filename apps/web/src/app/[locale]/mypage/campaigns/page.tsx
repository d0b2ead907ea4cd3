// /mypage/campaigns (spec §2 account routes).
import { mypagePage } from '../mypage-page';

const page = mypagePage('campaigns');
export const generateMetadata = page.generateMetadata;
export default page.Page;
