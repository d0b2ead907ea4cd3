// /password-recovery (spec §2 account routes): features/auth/password-recovery-panel.tsx. The mailed
// link's `?code=` is read here, on the server, so the right form is in the page's HTML before any
// script runs (ADR 056); the page is rendered per request.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PasswordRecoveryPanel } from '@/features/auth/password-recovery-panel';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { firstParam, type SearchParams } from '@/lib/search-params';
import { StaticPageBody } from '../_components/static-page';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { title: t('recoveryTitle'), robots: { index: false } };
}

export default async function PasswordRecoveryPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'auth' });
  return (
    <StaticPageBody width="sm" title={t('recoveryTitle')} body="">
      <PasswordRecoveryPanel code={firstParam((await searchParams).code) ?? null} />
    </StaticPageBody>
  );
}
