// /mypage/support-history (spec §2 account routes; issue 13): features/support-history.
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { SupportHistory } from '@/features/support-history/support-history';
import { mypagePage } from '../mypage-page';

async function HistorySection({ title }: { title: string }) {
  const messages = await getMessages();
  return (
    <SignedInOnly title={title}>
      <NextIntlClientProvider messages={{ history: messages.history, pagination: messages.pagination }}>
        <SupportHistory />
      </NextIntlClientProvider>
    </SignedInOnly>
  );
}

const page = mypagePage('supportHistory', HistorySection);
export const generateMetadata = page.generateMetadata;
export default page.Page;
