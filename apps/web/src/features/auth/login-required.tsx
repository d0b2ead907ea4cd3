// The notice on pages that need login (spec §2 "Other screens and behaviours"):
// 'Please login first to visit this page.', a login link that returns to `next`, and a 'go to site top' link.
import { NOTICES } from '@kifu/domain/errors';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessagePanel } from '@/components/ui/message-panel';
import { Link } from '@/i18n/navigation';

export function LoginRequired({ title, next }: { title: string; next?: string }) {
  const locale = useLocale();
  const t = useTranslations('nav');
  return (
    <MessagePanel testId="login-required" title={title} message={NOTICES.loginRequired[locale]}>
      <Link href={next ? { pathname: '/login', query: { next } } : '/login'} className={buttonClasses()} data-testid="login-required-login">
        {t('login')}
      </Link>
      <Link href="/" className={buttonClasses({ variant: 'secondary' })}>
        {NOTICES.goToTop[locale]}
      </Link>
    </MessagePanel>
  );
}
