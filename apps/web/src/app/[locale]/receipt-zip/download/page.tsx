// /receipt-zip/download (spec §2, ADR 033): waits for a receipt ZIP and offers it (signed in only).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { ReceiptZipDownload } from '@/features/support-history/receipt-zip-download';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { ClientMessages } from '@/i18n/client-messages';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: t('receiptZip'), robots: { index: false } };
}

export default async function ReceiptZipPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <PageContainer width="md">
      <PageHeading title={t('receiptZip')} />
      <SignedInOnly title={t('receiptZip')}>
        <ClientMessages add={['history']}>
          <Suspense fallback={null}>
            <ReceiptZipDownload />
          </Suspense>
        </ClientMessages>
      </SignedInOnly>
    </PageContainer>
  );
}
