// The /mypage/* routes of spec §2: signed-in only (SignedInOnly). Each section's own content comes
// with its issue (account and profile: 12; history and receipts: 13; recurring support: 14;
// campaigns: 15); until then a signed-in supporter is told the section is not available yet.
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';

export type MypageSection = 'home' | 'account' | 'profile' | 'creditCard' | 'recurringSupport' | 'supportHistory' | 'campaigns';

/** `Section`, when given, is the page's own content and does its own login check (e.g. a mailed link that works signed out). */
export function mypagePage(section: MypageSection, Section?: (props: { title: string }) => ReactNode) {
  return {
    async generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
      const locale = await resolveLocale(params);
      const t = await getTranslations({ locale, namespace: 'pages.mypage' });
      return { title: t(section), robots: { index: false } };
    },
    async Page({ params }: { params: LocaleParams }) {
      const locale = await resolveLocale(params);
      const t = await getTranslations({ locale, namespace: 'pages.mypage' });
      if (Section) {
        return (
          <PageContainer width="md">
            <PageHeading title={t(section)} />
            <Suspense fallback={null}>
              <Section title={t(section)} />
            </Suspense>
          </PageContainer>
        );
      }
      return (
        <SignedInOnly title={t(section)}>
          <PageContainer width="md">
            <PageHeading title={t(section)} />
            <p className="text-muted" data-testid="mypage-not-yet">
              {t('notYet')}
            </p>
          </PageContainer>
        </SignedInOnly>
      );
    },
  };
}
