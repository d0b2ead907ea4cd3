'use client';
// The notice on pages that need login (spec §2 "Other screens and behaviours"):
// 'Please login first to visit this page.', a login link — it opens the login modal in place, and
// as a plain link (a new tab) goes to /login and back to `next` — and a 'go to site top' link.
import { NOTICES } from '@kifu/domain/errors';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessagePanel } from '@/components/ui/message-panel';
import { OPENS_IN_PLACE } from '@/components/ui/route-progress';
import { Link } from '@/i18n/navigation';
import { useAuth } from '@/lib/auth-state';

export function LoginRequired({ title, next }: { title: string; next?: string }) {
  const locale = useLocale();
  const t = useTranslations('nav');
  const { openModal } = useAuth();
  return (
    <MessagePanel testId="login-required" title={title} message={NOTICES.loginRequired[locale]}>
      <Link
        href={next ? { pathname: '/login', query: { next } } : '/login'}
        className={buttonClasses()}
        {...OPENS_IN_PLACE}
        data-testid="login-required-login"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          openModal('login');
        }}
      >
        {t('login')}
      </Link>
      <Link href="/" className={buttonClasses({ variant: 'secondary' })}>
        {NOTICES.goToTop[locale]}
      </Link>
    </MessagePanel>
  );
}
