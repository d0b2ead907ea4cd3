import '../globals.css';
import type { Metadata, Viewport } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense, type ReactNode } from 'react';
import { RouteProgress } from '@/components/ui/route-progress';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { GlobalConfirmDialogs } from '@/components/ui/global-confirm-dialogs';
import { COLOUR_MODE_BOOT_SCRIPT, DEFAULT_COLOUR_MODE } from '@/features/navigation/colour-mode';
import { ColourModeProvider } from '@/features/navigation/colour-mode-provider';
import { ViewHistoryRecorder } from '@/features/view-history/view-history-recorder';
import { AuthModal } from '@/features/auth/auth-modal';
import { ClientMessages } from '@/i18n/client-messages';
import { LinkMappingProvider } from '@/i18n/navigation';
import { AuthProvider } from '@/lib/auth-state';
import { resolveLayoutLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { noPathsAtBuild } from '@/lib/cached-page';
import { env, partialDeploymentOrigin, toBotCheckClientEnv, toErrorReportingSettings } from '@/lib/env';
import { ERROR_REPORTING_META } from '@/lib/error-reporting-settings';
import { AppLayout } from './_components/app-layout';
import { UpdatePrompt } from './_components/update-prompt';

// No page is rendered at build time (the API is not running then): each is rendered on its first
// visit and, unless it reads request data, cached and refreshed from its data (ADR 020).
export const generateStaticParams = noPathsAtBuild;

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLayoutLocale(params);
  const t = await getTranslations({ locale, namespace: 'site' });
  // Spec §1: page titles take the form 'title | suffix'.
  return {
    // Open Graph image URLs and other relative metadata URLs resolve against the public origin.
    metadataBase: new URL(env.WEB_ORIGIN),
    title: { template: `%s | ${t('name')}`, default: t('name') },
    description: t('description'),
    // Shared links: the site's name and language, and the large card every shareable page draws.
    openGraph: { siteName: t('name'), locale: locale === 'ja' ? 'ja_JP' : 'en_US', type: 'website' },
    twitter: { card: 'summary_large_image' },
  };
}

export const viewport: Viewport = { themeColor: '#f0642d', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: LocaleParams }) {
  const locale = await resolveLayoutLocale(params);
  // Read by instrumentation-client.ts, which loads the error reporting SDK only when this is here (ADR 050).
  const errorReporting = toErrorReportingSettings(env);
  // The stored colour mode is put on <html> by a tiny script that runs before the body paints, not
  // read from the cookie here: reading a cookie would make every page uncacheable (ADR 020).
  return (
    <html lang={locale} data-colour-mode={DEFAULT_COLOUR_MODE} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: COLOUR_MODE_BOOT_SCRIPT }} />
        {errorReporting && <meta name={ERROR_REPORTING_META} content={JSON.stringify(errorReporting)} />}
      </head>
      <body className="flex min-h-screen flex-col">
        {/* Client components only get the namespaces they use (i18n/client-messages.tsx). */}
        <ClientMessages>
          <ColourModeProvider initialMode={DEFAULT_COLOUR_MODE}>
            <LinkMappingProvider otherOrigin={partialDeploymentOrigin(env)}>
              <Suspense fallback={null}>
                <RouteProgress />
              </Suspense>
              <AuthProvider locale={locale}>
                <AppLayout>{children}</AppLayout>
                <AuthModal botCheck={toBotCheckClientEnv(env)} />
              </AuthProvider>
              <LazyToaster />
              {/* Spec §2: the confirmation dialogs are global overlays, answerable from any page. */}
              <GlobalConfirmDialogs />
              <ViewHistoryRecorder />
              <UpdatePrompt />
            </LinkMappingProvider>
          </ColourModeProvider>
        </ClientMessages>
      </body>
    </html>
  );
}
