// Localised 404 (spec §8 "notFound: This URL doesn't exist") with a 'go to site top' link.
import { NOTICES, PAGE_ERRORS } from '@kifu/domain/errors';
import type { Metadata } from 'next';
import { useLocale, useTranslations } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessagePanel } from '@/components/ui/message-panel';
import { Link } from '@/i18n/navigation';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations({ locale: await getLocale(), namespace: 'errors' });
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
