// /mypage/recurring-support (spec §2 account routes; ADR 034): features/recurring-support.
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { RecurringSupport } from '@/features/recurring-support/recurring-support';
import { mypagePage } from '../mypage-page';
import { ClientMessages } from '@/i18n/client-messages';

async function RecurringSection({ title }: { title: string }) {
  return (
    <SignedInOnly title={title}>
      <ClientMessages add={['recurring']}>
        <RecurringSupport />
      </ClientMessages>
    </SignedInOnly>
  );
}

const page = mypagePage('recurringSupport', RecurringSection);
export const generateMetadata = page.generateMetadata;
export default page.Page;
