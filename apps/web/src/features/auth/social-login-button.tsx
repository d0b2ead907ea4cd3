'use client';
// "Log in with Kifu ID" (spec §7 social login): a plain link to the front-end route that starts the
// provider's sign-in, carrying where to come back to. Only accounts already linked log in this way;
// sign-up through it is closed (spec §2), which the login page says when it comes back.
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';

/** `label`: other words than "Log in with Kifu ID", e.g. when a signed-in account must sign in again (ADR 055). */
export function SocialLoginButton({ next, label }: { next: string; label?: string }) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const href = `/api/oauth/social/start?${new URLSearchParams({ next, locale }).toString()}`;
  return (
    <a href={href} className={buttonClasses({ variant: 'secondary', className: 'w-full' })} data-testid="social-login">
      {label ?? t('socialLogin')}
    </a>
  );
}
