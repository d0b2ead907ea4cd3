// /mypage/profile (spec §2 account routes; ADR 031), signed in only: the public profile and image
// (features/auth/profile-settings.tsx) and the private profile, with the donation form's own profile
// block (features/donate/form/private-profile-editor.tsx) — this route joins the two features.
import { getTranslations } from 'next-intl/server';
import { ProfileSettings } from '@/features/auth/profile-settings';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { PrivateProfileEditor } from '@/features/donate/form/private-profile-editor';
import { mypagePage } from '../mypage-page';
import { ClientMessages } from '@/i18n/client-messages';

async function ProfileSections({ title }: { title: string }) {
  const t = await getTranslations('auth.profile');
  return (
    <SignedInOnly title={title}>
      <div className="space-y-10">
        <ProfileSettings />
        {/* The profile block's labels and field messages are the donation form's. */}
        <ClientMessages add={['donate']}>
          <PrivateProfileEditor
            labels={{ title: t('privateTitle'), save: t('privateSave'), saved: t('privateSaved'), loading: t('loading') }}
          />
        </ClientMessages>
      </div>
    </SignedInOnly>
  );
}

const page = mypagePage('profile', ProfileSections);
export const generateMetadata = page.generateMetadata;
export default page.Page;
