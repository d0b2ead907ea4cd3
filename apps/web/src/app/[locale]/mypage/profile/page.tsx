// /mypage/profile (spec §2 account routes; issue 12), signed in only: the public profile and image
// (features/auth/profile-settings.tsx) and the private profile, with the donation form's own profile
// block (features/donate/form/private-profile-editor.tsx) — this route joins the two features.
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { ProfileSettings } from '@/features/auth/profile-settings';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { PrivateProfileEditor } from '@/features/donate/form/private-profile-editor';
import { mypagePage } from '../mypage-page';

async function ProfileSections({ title }: { title: string }) {
  const messages = await getMessages();
  const t = await getTranslations('auth.profile');
  return (
    <SignedInOnly title={title}>
      <div className="space-y-10">
        <ProfileSettings />
        {/* The profile block's labels and field messages are the donation form's. */}
        <NextIntlClientProvider messages={{ donate: messages.donate, auth: messages.auth }}>
          <PrivateProfileEditor
            labels={{ title: t('privateTitle'), save: t('privateSave'), saved: t('privateSaved'), loading: t('loading') }}
          />
        </NextIntlClientProvider>
      </div>
    </SignedInOnly>
  );
}

const page = mypagePage('profile', ProfileSections);
export const generateMetadata = page.generateMetadata;
export default page.Page;
