// /mypage (ADR 057): the home of my page — what needs attention, this year's deductible total and
// the way to each section (features/mypage-home). Signed out, it sends the visitor to log in.
import { MypageHome } from '@/features/mypage-home/mypage-home';
import { ClientMessages } from '@/i18n/client-messages';
import { mypagePage } from './mypage-page';

function HomeSection() {
  return (
    <ClientMessages add={['mypageHome']}>
      <MypageHome />
    </ClientMessages>
  );
}

const page = mypagePage('home', HomeSection);
export const generateMetadata = page.generateMetadata;
export default page.Page;
