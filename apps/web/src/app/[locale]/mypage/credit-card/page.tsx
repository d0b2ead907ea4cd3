// /mypage/credit-card (spec §2 account routes).
import { mypagePage } from '../mypage-page';

const page = mypagePage('creditCard');
export const generateMetadata = page.generateMetadata;
export default page.Page;
