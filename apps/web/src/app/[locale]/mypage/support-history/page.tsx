// /mypage/support-history (spec §2 account routes; ADR 033): features/support-history.
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { SupportHistory } from '@/features/support-history/support-history';
import { mypagePage } from '../mypage-page';
import { ClientMessages } from '@/i18n/client-messages';

async function HistorySection({ title }: { title: string }) {
  return (
    <SignedInOnly title={title}>
      <ClientMessages add={['history', 'pagination']}>
        <SupportHistory />
      </ClientMessages>
    </SignedInOnly>
  );
}

const page = mypagePage('supportHistory', HistorySection);
export const generateMetadata = page.generateMetadata;
export default page.Page;
