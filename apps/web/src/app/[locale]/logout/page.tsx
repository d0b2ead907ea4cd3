// /logout (spec §2 account routes; the user menu's logout): see features/auth/logout-view.tsx.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LogoutView } from '@/features/auth/logout-view';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { title: t('logoutTitle'), robots: { index: false } };
}

export default function LogoutPage() {
  return <LogoutView />;
}
