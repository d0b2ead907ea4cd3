// Localised 404 (spec §8 "notFound: This URL doesn't exist") with a 'go to site top' link.
import { NOTICES, PAGE_ERRORS } from '@kifu/domain/errors';
import type { Metadata } from 'next';
import { hasLocale, useLocale, useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { locale as rootLocale } from 'next/root-params';
import { routing } from '@/i18n/routing';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessagePanel } from '@/components/ui/message-panel';
import { Link } from '@/i18n/navigation';

export async function generateMetadata(): Promise<Metadata> {
  // The root [locale] segment (next/root-params), not next-intl's getLocale(): that falls back to
  // request headers here, which the 404 of a cached page may not read (ADR 020).
  const segment = await rootLocale();
  const t = await getTranslations({ locale: hasLocale(routing.locales, segment) ? segment : routing.defaultLocale, namespace: 'errors' });
  return { title: t('notFoundTitle') };
}

export default function NotFound() {
  const locale = useLocale();
  const t = useTranslations('errors');
  return (
    <MessagePanel testId="not-found" title={t('notFoundTitle')} message={PAGE_ERRORS.notFound[locale]}>
      <Link href="/" className={buttonClasses()}>
        {NOTICES.goToTop[locale]}
      </Link>
    </MessagePanel>
  );
}
