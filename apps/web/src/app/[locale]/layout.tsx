import '../globals.css';
import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { cookies } from 'next/headers';
import { Suspense, type ReactNode } from 'react';
import { RouteProgress } from '@/components/ui/route-progress';
import { Toaster } from '@/components/ui/toaster';
import { GlobalConfirmDialogs } from '@/components/ui/global-confirm-dialogs';
import { COLOUR_MODE_KEY, parseColourMode } from '@/features/navigation/colour-mode';
import { ColourModeProvider } from '@/features/navigation/colour-mode-provider';
import { ViewHistoryRecorder } from '@/features/view-history/view-history-recorder';
import { LinkMappingProvider } from '@/i18n/navigation';
import { resolveLayoutLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { routing } from '@/i18n/routing';
import { env, partialDeploymentOrigin } from '@/lib/env';
import { AppLayout } from './_components/app-layout';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLayoutLocale(params);
  const t = await getTranslations({ locale, namespace: 'site' });
  // Spec §1: page titles take the form 'title | suffix'.
  return {
    title: { template: `%s | ${t('name')}`, default: t('name') },
    description: t('description'),
  };
}

export const viewport: Viewport = { themeColor: '#f0642d', width: 'device-width', initialScale: 1 };

/** Client components only get the namespaces they use, to keep the page's JS small. */
const CLIENT_NAMESPACES = ['nav', 'errors', 'layout', 'dialogs'] as const;

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: LocaleParams }) {
  const locale = await resolveLayoutLocale(params);
  const messages = await getMessages();
  const clientMessages = Object.fromEntries(CLIENT_NAMESPACES.map((key) => [key, messages[key]]));
  // The colour mode comes from its cookie so the first paint is already in the right mode (spec §9).
  const colourMode = parseColourMode((await cookies()).get(COLOUR_MODE_KEY)?.value);
  return (
    <html lang={locale} data-colour-mode={colourMode}>
      <body className="flex min-h-screen flex-col">
        <NextIntlClientProvider messages={clientMessages}>
          <ColourModeProvider initialMode={colourMode}>
            <LinkMappingProvider otherOrigin={partialDeploymentOrigin(env)}>
              <Suspense fallback={null}>
                <RouteProgress />
              </Suspense>
              <AppLayout>{children}</AppLayout>
              <Toaster />
              {/* Spec §2: the confirmation dialogs are global overlays, answerable from any page. */}
              <GlobalConfirmDialogs />
              <ViewHistoryRecorder />
            </LinkMappingProvider>
          </ColourModeProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
