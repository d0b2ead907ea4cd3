'use client';
// The header's account corner (spec §2 "Top navigation bar"): the login button, or once the auth
// state knows the visitor is signed in, the user menu with their avatar and name. Pages are cached
// for everybody (ADR 020), so the server always renders the login button and the browser swaps it.
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { OPENS_IN_PLACE } from '@/components/ui/route-progress';
import { Link } from '@/i18n/navigation';
import { useAuth } from '@/lib/auth-state';
import { displayNameOf } from '@/lib/session-user';
import { LazyUserMenu } from './user-menu-lazy';

export function HeaderAccount({ adminAppUrl }: { adminAppUrl: string | undefined }) {
  const t = useTranslations('nav');
  const { status, user, openModal } = useAuth();
  if (status === 'loggedIn' && user) {
    return (
      <div data-testid="header-account" data-state="loggedIn">
        <LazyUserMenu
          user={{ displayName: displayNameOf(user), avatarUrl: user.avatarUrl, staff: user.staff }}
          associates={user.associates}
          adminAppUrl={adminAppUrl}
        />
      </div>
    );
  }
  return (
    <div className="hidden sm:block" data-testid="header-account" data-state={status}>
      {/* A link still (a new tab, no script); a click opens the login modal of spec §2 in place. */}
      <Link
        href="/login"
        {...OPENS_IN_PLACE}
        data-testid="login-button"
        className={buttonClasses({ size: 'sm' })}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          openModal('login');
        }}
      >
        {t('login')}
      </Link>
    </div>
  );
}
