'use client';
// Error boundary for every page under a locale: the internal-error message of spec §8, a retry and
// a way back to the top. Details stay in the server log (the digest links them).
import { BOUNDARY_NOTICES as NOTICES, PAGE_ERRORS } from '@kifu/domain/catalogue/boundary-messages';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessagePanel } from '@/components/ui/message-panel';
import { Link } from '@/i18n/navigation';

export default function PageError({ retry }: { error: unknown; retry: () => void }) {
  const locale = useLocale();
  const t = useTranslations('errors');
  return (
    <MessagePanel testId="page-error" title={t('errorTitle')} message={PAGE_ERRORS.internal[locale]}>
      <button type="button" onClick={retry} className={buttonClasses()}>
        {t('retry')}
      </button>
      <Link href="/" className={buttonClasses({ variant: 'secondary' })}>
        {NOTICES.goToTop[locale]}
      </Link>
    </MessagePanel>
  );
}
