// /mypage/recurring-support (spec §2 account routes; issue 14): features/recurring-support.
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { RecurringSupport } from '@/features/recurring-support/recurring-support';
import { mypagePage } from '../mypage-page';

async function RecurringSection({ title }: { title: string }) {
  const messages = await getMessages();
  return (
    <SignedInOnly title={title}>
      <NextIntlClientProvider messages={{ recurring: messages.recurring }}>
        <RecurringSupport />
      </NextIntlClientProvider>
    </SignedInOnly>
  );
}

const page = mypagePage('recurringSupport', RecurringSection);
export const generateMetadata = page.generateMetadata;
export default page.Page;
