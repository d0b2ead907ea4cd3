// The site chrome around every page: skip link, top bar, main area (below the fixed bar) and footer.
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { withLayoutDefaults, type LayoutOptions } from '@/components/layout/layout-options';
import { SiteFooter } from '@/features/footer/site-footer';
import { SiteHeader } from '@/features/navigation/site-header';
import { clientEnv, env } from '@/lib/env';

export function AppLayout({ options, children }: { options?: Partial<LayoutOptions>; children: ReactNode }) {
  const t = useTranslations('layout');
  const { appLayout, navigation } = withLayoutDefaults(options);
  if (!appLayout) return <main id="main">{children}</main>;
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:left-3 focus:top-3">
        {t('skipToContent')}
      </a>
      {navigation ? <SiteHeader config={clientEnv} user={null} /> : null}
      <main id="main" className={navigation ? 'flex-1 pt-navbar' : 'flex-1'}>
        {children}
      </main>
      {/* The footer is dark by design in both modes, so its palette stays the light one (ADR 019). */}
      <div className="light-palette contents">
        <SiteFooter config={env} />
      </div>
    </>
  );
}
