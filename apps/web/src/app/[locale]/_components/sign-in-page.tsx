// /login and /signup (spec §2 account routes) are the same page around a different form: a title,
// a lead and the sign-in panel (features/auth/sign-in-panel.tsx). Not indexed. The address's
// parameters (where to go next, social login's outcome) are read here, on the server, so the form
// is in the page's HTML before any script runs (ADR 056); the page is rendered per request.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignInPanel } from '@/features/auth/sign-in-panel';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { env, toBotCheckClientEnv } from '@/lib/env';
import { firstParam, type SearchParams } from '@/lib/search-params';
import { StaticPageBody } from './static-page';

export function signInPage(mode: 'login' | 'signup') {
  const namespace = mode === 'login' ? 'pages.login' : 'pages.signup';
  return {
    async generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
      const locale = await resolveLocale(params);
      const t = await getTranslations({ locale, namespace });
      return { title: t('title'), robots: { index: false } };
    },
    async Page({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
      const locale = await resolveLocale(params);
      const t = await getTranslations({ locale, namespace });
      const query = await searchParams;
      return (
        <StaticPageBody width="sm" title={t('title')} body={t('body')}>
          <SignInPanel
            mode={mode}
            botCheck={toBotCheckClientEnv(env)}
            params={{
              next: firstParam(query.next),
              socialError: firstParam(query.social_error),
              socialSignedIn: firstParam(query.social) === 'signed-in',
              expiresIn: firstParam(query.expires_in),
            }}
          />
        </StaticPageBody>
      );
    },
  };
}
