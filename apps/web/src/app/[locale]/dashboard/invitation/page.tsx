// /dashboard/invitation?code=…: where a mailed invitation to an associate's console lands (ADR 060).
// Signed-in only: the login notice brings the invitee back here with the code.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { AcceptInvitation } from '@/features/associate-console/accept-invitation';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { ClientMessages } from '@/i18n/client-messages';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'console' });
  return { title: t('invitationTitle'), robots: { index: false } };
}

export default async function InvitationPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'console' });
  return (
    <PageContainer width="md" className="pb-16 pt-6">
      <PageHeading title={t('invitationTitle')} />
      <ClientMessages add={['console']}>
        <SignedInOnly title={t('invitationTitle')}>
          <Suspense fallback={null}>
            <AcceptInvitation />
          </Suspense>
        </SignedInOnly>
      </ClientMessages>
    </PageContainer>
  );
}
