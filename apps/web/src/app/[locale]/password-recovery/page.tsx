// /password-recovery (spec §2 account routes): features/auth/password-recovery-panel.tsx.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { PasswordRecoveryPanel } from '@/features/auth/password-recovery-panel';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { StaticPageBody } from '../_components/static-page';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { title: t('recoveryTitle'), robots: { index: false } };
}

export default async function PasswordRecoveryPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'auth' });
  return (
    <StaticPageBody width="sm" title={t('recoveryTitle')} body="">
      <Suspense fallback={null}>
        <PasswordRecoveryPanel />
      </Suspense>
    </StaticPageBody>
  );
}
