// The pages of an associate's console (/dashboard/{associateUid}/…, spec §2, ADR 060): each is
// signed-in only, never indexed, titled by its section, and drawn inside the console's frame
// (features/associate-console/console-shell.tsx), which first asks the API who the caller is.
// A uid the API would refuse is the 404 page.
import { associateUidParams } from '@kifu/domain/api/associate';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';
import { PageContainer } from '@/components/ui/page-container';
import { ConsoleShell } from '@/features/associate-console/console-shell';
import { SignedInOnly } from '@/features/auth/signed-in-only';
import { ClientMessages, type MessageNamespace } from '@/i18n/client-messages';
import { resolveLocale } from '@/i18n/resolve-locale';

export type ConsoleParams = Promise<{ locale: string; associateUid: string }>;
export type ConsoleSection =
  | 'overview'
  | 'gifts'
  | 'supporters'
  | 'donorRegister'
  | 'members'
  | 'audit'
  | 'activityReports'
  | 'page.title'
  | 'receipts.title'
  | 'exports.title'
  | 'recurringSupport.title'
  | 'settings.title'
  | 'campaigns.title'
  | 'pst.title'
  | 'statements.title'
  | 'externalGifts.title';

async function resolve(params: ConsoleParams) {
  const locale = await resolveLocale(params);
  const { associateUid } = await params;
  const uid = decodeURIComponent(associateUid);
  if (!associateUidParams.safeParse({ uid }).success) notFound();
  return { locale, uid, t: await getTranslations({ locale, namespace: 'console' }) };
}

/** `messages`: client namespaces a page needs beyond the console's own (the reports' editor reads `dashboard`). */
export function consolePage<P extends ConsoleParams>(
  section: ConsoleSection,
  Content: (props: { params: Awaited<P> }) => ReactNode,
  messages: readonly MessageNamespace[] = [],
) {
  return {
    async generateMetadata({ params }: { params: P }): Promise<Metadata> {
      const { t } = await resolve(params);
      return { title: `${t(section)} | ${t('title')}`, robots: { index: false } };
    },
    async Page({ params }: { params: P }) {
      const { uid, t } = await resolve(params);
      return (
        <PageContainer className="flex flex-col gap-4 pb-16 pt-6">
          <ClientMessages add={['console', 'pagination', ...messages]}>
            <SignedInOnly title={t('title')}>
              <ConsoleShell uid={uid}>
                <Suspense fallback={null}>
                  <Content params={await params} />
                </Suspense>
              </ConsoleShell>
            </SignedInOnly>
          </ClientMessages>
        </PageContainer>
      );
    },
  };
}
