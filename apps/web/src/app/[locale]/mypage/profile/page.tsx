// /mypage/profile (spec §2 account routes; issue 12): features/auth/profile-settings.tsx, signed in only.
import { ProfileSettings } from '@/features/auth/profile-settings';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { mypagePage } from '../mypage-page';

const page = mypagePage('profile', ({ title }) => (
  <SignedInOnly title={title}>
    <ProfileSettings />
  </SignedInOnly>
));
export const generateMetadata = page.generateMetadata;
export default page.Page;
