// The /mypage/* routes of spec §2. Until auth lands every one shows the login-required notice.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginRequired } from '@/features/auth/login-required';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';

export type MypageSection = 'account' | 'profile' | 'creditCard' | 'recurringSupport' | 'supportHistory' | 'campaigns';

export function mypagePage(section: MypageSection) {
  return {
    async generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
      const locale = await resolveLocale(params);
      const t = await getTranslations({ locale, namespace: 'pages.mypage' });
      return { title: t(section), robots: { index: false } };
    },
    async Page({ params }: { params: LocaleParams }) {
      const locale = await resolveLocale(params);
      const t = await getTranslations({ locale, namespace: 'pages.mypage' });
      return <LoginRequired title={t(section)} />;
    },
  };
}
