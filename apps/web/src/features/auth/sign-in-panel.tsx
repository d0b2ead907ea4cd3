'use client';
// The body of /login and /signup: the form, the link to the other one (and to password recovery),
// and where the visitor goes afterwards — back to the page they came from (`?next=`, a path on
// this site only), else the top. Someone already signed in is sent on at once.
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { Link } from '@/i18n/navigation';
import { useAuth } from '@/lib/auth-state';
import { CredentialsForm } from './credentials-form';
import { safeNextPath } from './credentials';

export function SignInPanel({ mode }: { mode: 'login' | 'signup' }) {
  const t = useTranslations('auth');
  const { status } = useAuth();
  const next = safeNextPath(useSearchParams().get('next'));
  // A full navigation: the page the visitor returns to renders again with the session.
  const goOn = () => window.location.assign(next);
  useEffect(() => {
    if (status === 'loggedIn') window.location.replace(next);
  }, [status, next]);
  const other =
    mode === 'login'
      ? { href: '/signup', prompt: t('signupPrompt'), link: t('signupLink') }
      : { href: '/login', prompt: t('loginPrompt'), link: t('loginLink') };
  return (
    <div className="mx-auto max-w-md space-y-6" data-testid={`${mode}-panel`}>
      <CredentialsForm mode={mode} onSignedIn={goOn} />
      <p className="text-sm">
        {other.prompt}{' '}
        <Link href={{ pathname: other.href, query: next === '/' ? {} : { next } }} className="font-semibold text-brand-700 underline">
          {other.link}
        </Link>
      </p>
      {mode === 'login' ? (
        <p className="text-sm">
          <Link href="/password-recovery" className="font-semibold text-brand-700 underline">
            {t('forgotPassword')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
