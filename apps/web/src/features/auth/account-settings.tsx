'use client';
// /mypage/account (ADR 031): the email (asked for with the current password, or without one soon
// after signing in; changed once the new address confirms it: the link in that mail comes back
// here with ?email_code=, which works signed in or not; the old address is then mailed an undo
// link, ADR 055), the password (the current one first; other devices are logged out) and the
// notification preference. Every failure reads from the account catalogue (spec §8 "Account").
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import { EMAIL_CHANGE_RECENT_LOGIN_MINUTES } from '@kifu/domain/constants';
import type { Locale, NotificationPreference } from '@kifu/domain/enums';
import { passwordSchema, requiredEmailSchema } from '@kifu/domain/schemas/fields';
import { toFieldError } from '@kifu/domain/schemas/rule-keys';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { notify } from '@/components/ui/toast';
import { useAuth } from '@/lib/auth-state';
import { LoginRequired } from './login-required';
import { SocialLoginButton } from './social-login-button';

interface AccountUser {
  email: string;
  /** False for an old social sign-up without a password: it changes its email soon after signing in (ADR 055). */
  signsInWithEmail: boolean;
  tmpEmail: string | null;
  notificationPreference: NotificationPreference;
}

const send = (method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown) =>
  fetch(`/backend${path}`, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function failureOf(
  response: Response,
  locale: Locale,
  fallback: string,
): Promise<{ message: string; fields: Record<string, string[]>; detail?: string }> {
  const body = (await response.json().catch(() => ({}))) as { detail?: string; fields?: Record<string, string[]> };
  if (response.status === 429) return { message: API_ERROR_MESSAGES.rate_limited[locale], fields: {} };
  return { message: fallback, fields: body.fields ?? {}, detail: body.detail };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 p-5">
      <h2 className="mb-4 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function Field(props: {
  id: string;
  label: string;
  type: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  autoComplete: string;
  testId: string;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="mb-1.5 block text-sm font-semibold">
        {props.label}
      </label>
      <input
        id={props.id}
        type={props.type}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.id, false, props.error)}
        className={inputClasses(Boolean(props.error))}
        data-testid={props.testId}
      />
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1.5 text-sm font-semibold text-red-700" data-testid="field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** Follows a confirmation link (?email_code=) once; the address leaves the bar at once. */
function useEmailConfirmation(locale: Locale, onConfirmed: (email: string) => void): string | null {
  const code = useSearchParams().get('email_code');
  const [failure, setFailure] = useState<string | null>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!code || done.current) return;
    done.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void (async () => {
      const response = await send('POST', '/auth/email-change/confirm', { code }).catch(() => null);
      if (response?.ok) return onConfirmed(((await response.json()) as { email: string }).email);
      if (!response) return setFailure(ACCOUNT_ERRORS.network[locale]);
      const body = (await response.json().catch(() => ({}))) as { detail?: string; fields?: Record<string, string[]> };
      if (body.fields?.email?.includes('unique')) setFailure(ACCOUNT_ERRORS.emailDuplicated[locale]);
      else if (body.detail?.startsWith('invalid_code')) setFailure(ACCOUNT_ERRORS.emailChangeInvalidCode[locale]);
      else setFailure(ACCOUNT_ERRORS.emailUpdate[locale]);
    })();
  }, [code, locale, onConfirmed]);
  return failure;
}

export function AccountSettings({ title }: { title: string }) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const { status } = useAuth();
  const id = useId();
  const [user, setUser] = useState<AccountUser | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const confirmationFailure = useEmailConfirmation(locale, setConfirmed);
  const [newEmail, setNewEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [emailPassword, setEmailPassword] = useState('');
  const [emailPasswordError, setEmailPasswordError] = useState<string | undefined>();
  const [signInAgain, setSignInAgain] = useState(false);
  const [emailSent, setEmailSent] = useState<string | null>(null);
  const [passwords, setPasswords] = useState({ current: '', next: '' });
  const [passwordErrors, setPasswordErrors] = useState<{ current?: string; next?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (status !== 'loggedIn') return;
    void fetch(`/backend/user/me/?lang=${locale}`, { credentials: 'same-origin' })
      .then(async (response) =>
        response.ok ? setUser((await response.json()) as AccountUser) : notify.error(ACCOUNT_ERRORS.fetchUser[locale]),
      )
      .catch(() => notify.error(ACCOUNT_ERRORS.network[locale]));
  }, [status, locale, confirmed]);

  const notices = (
    <>
      {confirmed ? (
        <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm" data-testid="email-changed">
          {t('account.emailChanged', { email: confirmed })}
        </p>
      ) : null}
      {confirmationFailure ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="email-change-failure">
          {confirmationFailure}
        </p>
      ) : null}
    </>
  );
  if (status === 'initializing') return <p className="py-8 text-muted">{t('account.loading')}</p>;
  // A confirmation link works without a session: the mailed code is the proof.
  if (status === 'loggedOut')
    return confirmed || confirmationFailure ? (
      notices
    ) : (
      <LoginRequired title={title} next={typeof window === 'undefined' ? undefined : window.location.pathname} />
    );

  async function changeEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) return;
    const checked = requiredEmailSchema.safeParse(newEmail);
    const passwordMissing = user.signsInWithEmail && emailPassword === '';
    const invalid = checked.success ? undefined : toFieldError(checked.error.issues[0]!);
    setEmailError(invalid && fieldErrorMessage(invalid.rule, t('account.newEmail'), locale, invalid.params));
    setEmailPasswordError(passwordMissing ? fieldErrorMessage('required', t('account.currentPassword'), locale) : undefined);
    setSignInAgain(false);
    if (!checked.success || passwordMissing) return;
    setBusy(true);
    const body = { email: checked.data, locale, ...(user.signsInWithEmail ? { current_password: emailPassword } : {}) };
    const response = await send('POST', '/auth/email-change', body).catch(() => null);
    setBusy(false);
    if (response?.ok) {
      setEmailSent(checked.data);
      setNewEmail('');
      setEmailPassword('');
      return;
    }
    if (!response) return setEmailError(ACCOUNT_ERRORS.network[locale]);
    const { message, fields, detail } = await failureOf(response, locale, ACCOUNT_ERRORS.emailUpdate[locale]);
    if (detail?.startsWith('recent_login_required')) {
      setSignInAgain(true);
      return setEmailError(ACCOUNT_ERRORS.emailChangeRecentLogin[locale]);
    }
    if (fields.current_password?.includes('value')) return setEmailPasswordError(ACCOUNT_ERRORS.currentPasswordWrong[locale]);
    if (fields.current_password?.includes('required'))
      return setEmailPasswordError(fieldErrorMessage('required', t('account.currentPassword'), locale));
    setEmailError(fields.email?.includes('unique') ? ACCOUNT_ERRORS.emailDuplicated[locale] : message);
  }

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: { current?: string; next?: string } = {};
    if (passwords.current === '') errors.current = fieldErrorMessage('required', t('account.currentPassword'), locale);
    const next = passwordSchema.safeParse(passwords.next);
    if (!next.success) {
      const { rule, params } = toFieldError(next.error.issues[0]!);
      errors.next = fieldErrorMessage(rule, t('newPassword'), locale, params);
    }
    setPasswordErrors(errors);
    if (errors.current || errors.next) return;
    setBusy(true);
    const response = await send('PUT', '/user/me/password', { current_password: passwords.current, new_password: passwords.next }).catch(
      () => null,
    );
    setBusy(false);
    if (response?.ok) {
      setPasswords({ current: '', next: '' });
      notify.success(t('account.passwordChanged'), { id: 'password-changed' });
      return;
    }
    if (!response) return setPasswordErrors({ current: ACCOUNT_ERRORS.network[locale] });
    const { message, fields } = await failureOf(response, locale, ACCOUNT_ERRORS.passwordUpdate[locale]);
    setPasswordErrors(fields.current_password ? { current: ACCOUNT_ERRORS.currentPasswordWrong[locale] } : { current: message });
  }

  async function choose(preference: NotificationPreference) {
    if (!user || user.notificationPreference === preference) return;
    const before = user;
    // The choice shows at once; a refusal puts the old one back.
    setUser({ ...user, notificationPreference: preference });
    const response = await send('PATCH', '/user/me/', { notification_preference: preference }).catch(() => null);
    if (response?.ok) notify.success(t('account.notificationSaved'), { id: 'notification-saved' });
    else {
      setUser(before);
      notify.error(ACCOUNT_ERRORS.notificationUpdate[locale]);
    }
  }

  if (!user) return <p className="py-8 text-muted">{t('account.loading')}</p>;
  return (
    <div className="space-y-6" data-testid="account-settings">
      {notices}
      <Section title={t('account.emailTitle')}>
        <p className="mb-4 text-sm">
          {t('account.currentEmail')}: <strong data-testid="current-email">{user.email}</strong>
        </p>
        {emailSent ? (
          <p role="status" className="mb-4 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm" data-testid="email-change-sent">
            {t('account.emailChangeSent', { email: emailSent })}
          </p>
        ) : null}
        <form onSubmit={changeEmail} noValidate className="space-y-3">
          <Field
            id={`${id}-email`}
            label={t('account.newEmail')}
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={setNewEmail}
            error={emailError}
            testId="new-email"
          />
          {user.signsInWithEmail ? (
            <>
              <p className="text-sm text-muted">{t('account.emailPasswordHint')}</p>
              <Field
                id={`${id}-email-password`}
                label={t('account.currentPassword')}
                type="password"
                autoComplete="current-password"
                value={emailPassword}
                onChange={setEmailPassword}
                error={emailPasswordError}
                testId="email-change-password"
              />
            </>
          ) : (
            <p className="text-sm text-muted">{t('account.emailRecentLoginHint', { minutes: EMAIL_CHANGE_RECENT_LOGIN_MINUTES })}</p>
          )}
          {signInAgain ? (
            <div className="max-w-xs">
              <SocialLoginButton next={window.location.pathname} label={t('account.signInAgain')} />
            </div>
          ) : null}
          <button type="submit" disabled={busy} className={buttonClasses({ size: 'sm' })} data-testid="email-change-submit">
            {t('account.emailChangeSubmit')}
          </button>
        </form>
      </Section>
      <Section title={t('account.passwordTitle')}>
        <form onSubmit={changePassword} noValidate className="space-y-3">
          <Field
            id={`${id}-current`}
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            value={passwords.current}
            onChange={(current) => setPasswords((all) => ({ ...all, current }))}
            error={passwordErrors.current}
            testId="current-password"
          />
          <Field
            id={`${id}-next`}
            label={t('newPassword')}
            type="password"
            autoComplete="new-password"
            value={passwords.next}
            onChange={(next) => setPasswords((all) => ({ ...all, next }))}
            error={passwordErrors.next}
            testId="new-password"
          />
          <button type="submit" disabled={busy} className={buttonClasses({ size: 'sm' })} data-testid="password-change-submit">
            {t('account.passwordChangeSubmit')}
          </button>
        </form>
      </Section>
      <Section title={t('account.notificationTitle')}>
        <fieldset className="flex gap-6" data-testid="notification-preference">
          <legend className="sr-only">{t('account.notificationTitle')}</legend>
          {(['receive', 'not_receive'] as const).map((preference) => (
            <label key={preference} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-notification`}
                checked={user.notificationPreference === preference}
                onChange={() => void choose(preference)}
              />
              {t(preference === 'receive' ? 'account.notificationReceive' : 'account.notificationNotReceive')}
            </label>
          ))}
        </fieldset>
      </Section>
    </div>
  );
}
