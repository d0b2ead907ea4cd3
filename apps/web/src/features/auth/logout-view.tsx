'use client';
// /logout (spec §2, the user menu's last item; §4 Authentication 5): ends the session here and at
// the API, says 'Logged out.' (spec §8 notices) and goes to the top.
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { notify } from '@/components/ui/toast';
import { useRouter } from '@/i18n/navigation';
import { useAuth } from '@/lib/auth-state';

export function LogoutView() {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const { status, logout } = useAuth();
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    if (status === 'initializing' || done.current) return;
    done.current = true;
    void (async () => {
      // A visitor who was not signed in is told the same: there is no session left either way.
      await logout();
      notify.info(NOTICES.loggedOut[locale], { id: 'logged-out' });
      router.replace('/');
    })();
  }, [status, logout, locale, router]);
  return (
    <p role="status" className="py-16 text-center text-muted" data-testid="logout-pending">
      {t('loggingOut')}
    </p>
  );
}
