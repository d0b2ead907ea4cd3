// /mypage/recurring-support (spec §2 account routes).
import { mypagePage } from '../mypage-page';

const page = mypagePage('recurringSupport');
export const generateMetadata = page.generateMetadata;
export default page.Page;
