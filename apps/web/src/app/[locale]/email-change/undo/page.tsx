// /email-change/undo?code= (ADR 055): the link mailed to the old address when an e-mail change took
// effect; features/auth/email-change-undo-panel.tsx. The code is read here, on the server, as on
// /password-recovery; the page is rendered per request and never indexed.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmailChangeUndoPanel } from '@/features/auth/email-change-undo-panel';
import { resolveLocale, type LocaleParams } from '@/i18n/resolve-locale';
import { firstParam, type SearchParams } from '@/lib/search-params';
import { StaticPageBody } from '../../_components/static-page';

// The code comes from the address bar; the [locale] layout would otherwise prerender the page.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'auth.emailUndo' });
  return { title: t('title'), robots: { index: false } };
}

export default async function EmailChangeUndoPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'auth.emailUndo' });
  return (
    <StaticPageBody width="sm" title={t('title')} body="">
      <EmailChangeUndoPanel code={firstParam((await searchParams).code) ?? null} />
    </StaticPageBody>
  );
}
