// /login and /signup (spec §2 account routes) are the same page around a different form: a title,
// a lead and the sign-in panel (features/auth/sign-in-panel.tsx). Not indexed.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { SignInPanel } from '@/features/auth/sign-in-panel';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { StaticPageBody } from './static-page';

export function signInPage(mode: 'login' | 'signup') {
  const namespace = mode === 'login' ? 'pages.login' : 'pages.signup';
  return {
    async generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
      const locale = await resolveLocale(params);
      const t = await getTranslations({ locale, namespace });
      return { title: t('title'), robots: { index: false } };
    },
    async Page({ params }: { params: LocaleParams }) {
      const locale = await resolveLocale(params);
      const t = await getTranslations({ locale, namespace });
      return (
        <StaticPageBody width="sm" title={t('title')} body={t('body')}>
          {/* useSearchParams (the `next` path) needs a Suspense boundary in a cached page. */}
          <Suspense fallback={null}>
            <SignInPanel mode={mode} />
          </Suspense>
        </StaticPageBody>
      );
    },
  };
}
