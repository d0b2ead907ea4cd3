'use client';
// The body of /login and /signup: the form, the link to the other one (and to password recovery),
// and where the visitor goes afterwards — back to the page they came from (`?next=`, a path on
// this site only), else the top page of the language they signed in from. Someone already signed
// in is sent on at once. The page reads the address's parameters on the server and passes them
// here, so the whole form is in the server's HTML and usable before the scripts run (ADR 056).
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { getPathname, Link } from '@/i18n/navigation';
import { useAuth } from '@/lib/auth-state';
import type { BotCheckConfig } from '@/lib/bot-check';
import { sessionUserOf, type ApiUser } from '@/lib/session-user';
import { CredentialsForm } from './credentials-form';
import { safeNextPath } from './credentials';
import { SocialLoginButton } from './social-login-button';

/** The login page's message when social login came back without a session (spec §8 social network login). */
const SOCIAL_ERRORS: Record<string, keyof typeof ACCOUNT_ERRORS> = {
  signup_closed: 'socialSignupUnavailable',
  no_email: 'socialNoEmail',
  no_token: 'socialNoToken',
  invalid_token: 'socialNoToken',
};

/** What the address of /login or /signup says (read by the page on the server). */
export interface SignInParams {
  next?: string;
  /** Back from social login without a session: why. */
  socialError?: string;
  /** Back from social login with the session cookies set (`social=signed-in`), and for how long. */
  socialSignedIn?: boolean;
  expiresIn?: string;
}

export function SignInPanel({
  mode,
  params,
  botCheck,
}: {
  mode: 'login' | 'signup';
  params: SignInParams;
  botCheck: BotCheckConfig | null;
}) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const { status, signedIn } = useAuth();
  const home = getPathname({ href: '/', locale });
  const next = safeNextPath(params.next, home);
  const { socialError, socialSignedIn, expiresIn } = params;
  // Back from social login with the session cookies set: record the session, then go on.
  useEffect(() => {
    if (!socialSignedIn) return;
    void fetch(`/backend/user/me/?lang=${locale}`, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok) return;
      signedIn(sessionUserOf((await response.json()) as ApiUser), Number(expiresIn) || 3600);
    });
  }, [socialSignedIn, locale, expiresIn, signedIn]);
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
      {socialError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="social-login-failure">
          {ACCOUNT_ERRORS[SOCIAL_ERRORS[socialError] ?? 'socialLoginFailed'][locale]}
        </p>
      ) : null}
      <CredentialsForm mode={mode} botCheck={botCheck} onSignedIn={goOn} />
      {mode === 'login' ? <SocialLoginButton next={next} /> : null}
      <p className="text-sm">
        {other.prompt}{' '}
        <Link href={{ pathname: other.href, query: next === home ? {} : { next } }} className="font-semibold text-brand-700 underline">
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
