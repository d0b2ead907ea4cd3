// The site chrome around every page: skip link, top bar, main area (below the fixed bar) and footer.
// The associate and peer-to-peer landing links follow the remote configuration (spec §2 "Footer").
import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { withLayoutDefaults, type LayoutOptions } from '@/components/layout/layout-options';
import { SiteFooter } from '@/features/footer/site-footer';
import { SiteHeader } from '@/features/navigation/site-header';
import { fetchLandingUrls } from '@/features/site-config/fetch-global-config';
import type { AppLocale } from '@/i18n/routing';
import { clientEnv, env } from '@/lib/env';

export async function AppLayout({ options, children }: { options?: Partial<LayoutOptions>; children: ReactNode }) {
  const t = await getTranslations('layout');
  const { appLayout, navigation } = withLayoutDefaults(options);
  if (!appLayout) return <main id="main">{children}</main>;
  const urls = await fetchLandingUrls((await getLocale()) as AppLocale);
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:left-3 focus:top-3">
        {t('skipToContent')}
      </a>
      {navigation ? <SiteHeader config={{ ...clientEnv, associateLandingUrl: urls.associateLandingUrl }} /> : null}
      <main id="main" className={navigation ? 'flex-1 pt-navbar' : 'flex-1'}>
        {children}
      </main>
      {/* The footer is dark by design in both modes, so its palette stays the light one (ADR 019). */}
      <div className="light-palette contents">
        <SiteFooter config={{ ...env, ASSOCIATE_LANDING_URL: urls.associateLandingUrl, P2P_LANDING_URL: urls.p2pLandingUrl }} />
      </div>
    </>
  );
}
