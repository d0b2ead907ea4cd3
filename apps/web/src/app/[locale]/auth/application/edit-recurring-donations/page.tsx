// /auth/application/edit-recurring-donations (spec §2; ADR 034): recurring support for supporters
// without an account, through a mailed link (features/recurring-support/guest-access.tsx).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { GuestRecurringAccess } from '@/features/recurring-support/guest-access';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { ClientMessages } from '@/i18n/client-messages';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  // The mailed link carries a code: no referrer, no index.
  return { title: t('editRecurring'), robots: { index: false }, referrer: 'no-referrer' };
}

export default async function EditRecurringDonationsPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <PageContainer width="md">
      <PageHeading title={t('editRecurring')} />
      <ClientMessages add={['guestRecurring', 'recurring']}>
        <Suspense fallback={null}>
          <GuestRecurringAccess />
        </Suspense>
      </ClientMessages>
    </PageContainer>
  );
}
