// /mypage/support-history/{id}/receipt-pdf (spec §2 account routes; ADR 033): a gift's receipt,
// for its signed-in supporter or a guest with the mailed link (features/support-history).
import { api } from '@kifu/domain';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { LoginRequired } from '@/features/auth/login-required';
import { ReceiptDownload } from '@/features/support-history/receipt-download';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { ClientMessages } from '@/i18n/client-messages';

type Params = Promise<Awaited<LocaleParams> & { id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages.mypage' });
  // The page may carry a mailed link's signature: no referrer, no index.
  return { title: t('receipt'), robots: { index: false }, referrer: 'no-referrer' };
}

export default async function ReceiptPage({ params }: { params: Params }) {
  const locale = await resolveLocale(params);
  const parsed = api.rowIdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const t = await getTranslations({ locale, namespace: 'pages.mypage' });
  const path = `${locale === 'en' ? '/en' : ''}/mypage/support-history/${parsed.data}/receipt-pdf`;
  return (
    <PageContainer width="md">
      <PageHeading title={t('receipt')} />
      <ClientMessages add={['history']}>
        <Suspense fallback={null}>
          <ReceiptDownload donationId={parsed.data} loginNotice={<LoginRequired title={t('receipt')} next={path} />} />
        </Suspense>
      </ClientMessages>
    </PageContainer>
  );
}
