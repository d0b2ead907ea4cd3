// /receipt-zip/download (spec §2, issue 13): waits for a receipt ZIP and offers it (signed in only).
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { ReceiptZipDownload } from '@/features/support-history/receipt-zip-download';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: t('receiptZip'), robots: { index: false } };
}

export default async function ReceiptZipPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const messages = await getMessages();
  return (
    <PageContainer width="md">
      <PageHeading title={t('receiptZip')} />
      <SignedInOnly title={t('receiptZip')}>
        <NextIntlClientProvider messages={{ history: messages.history }}>
          <Suspense fallback={null}>
            <ReceiptZipDownload />
          </Suspense>
        </NextIntlClientProvider>
      </SignedInOnly>
    </PageContainer>
  );
}
