'use client';
// The login and sign-up form (spec §2 /login, /signup and the login/registration modal): email and
// password, checked with the domain's rules before they are sent, the catalogue's message on a
// refusal (spec §8 "Account"), and on success the session kept and the visitor sent on (`onSignedIn`).
// A sign-up passes the bot check as a donation does: the form asks the bot check for a token and
// sends it along (ADR 056); `botCheck` is null when the check is off.
import { DONATION_ERRORS } from '@kifu/domain/catalogue/donation-errors';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { useAuth } from '@/lib/auth-state';
import { botCheckToken, loadBotCheck, type BotCheckConfig } from '@/lib/bot-check';
import { credentialErrors, type CredentialErrors, type CredentialField } from './credentials';
import { signIn } from './sign-in-request';

export function CredentialsForm({
  mode,
  botCheck,
  onSignedIn,
}: {
  mode: 'login' | 'signup';
  botCheck: BotCheckConfig | null;
  onSignedIn(): void;
}) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const auth = useAuth();
  const id = useId();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const labels: Record<CredentialField, string> = { email: t('email'), password: t('password') };
  const checksBots = mode === 'signup' && botCheck !== null;
  // Loaded while the visitor types, so the token is at hand when they send.
  useEffect(() => {
    if (checksBots) loadBotCheck(botCheck).catch(() => undefined);
  }, [checksBots, botCheck]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = credentialErrors(values, mode, locale, labels);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    let recaptchaToken: string | undefined;
    if (checksBots) {
      try {
        recaptchaToken = await botCheckToken(botCheck);
      } catch {
        setBusy(false);
        setFailure(DONATION_ERRORS.botCheck[locale]);
        return;
      }
    }
    const result = await signIn(mode, { ...values, locale, ...(recaptchaToken ? { recaptcha_token: recaptchaToken } : {}) });
    if (result.ok) {
      auth.signedIn(result.user, result.expiresIn);
      onSignedIn();
      return;
    }
    setBusy(false);
    setFailure(result.message);
    if (result.field) setErrors({ [result.field]: result.message });
  }

  const field = (name: CredentialField, type: string, autoComplete: string) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div>
        <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold">
          {labels[name]}
        </label>
        <input
          id={fieldId}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, name === 'password' && mode === 'signup', error)}
          className={inputClasses(Boolean(error))}
          data-testid={`${mode}-${name}`}
        />
        {name === 'password' && mode === 'signup' ? (
          <p id={`${fieldId}-hint`} className="mt-1 text-xs text-muted">
            {t('passwordHint')}
          </p>
        ) : null}
        {error ? (
          <p id={`${fieldId}-error`} className="mt-1.5 text-sm font-semibold text-red-700" data-testid="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid={`${mode}-form`}>
      {failure ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid={`${mode}-failure`}>
          {failure}
        </p>
      ) : null}
      {field('email', 'email', 'email')}
      {field('password', 'password', mode === 'login' ? 'current-password' : 'new-password')}
      <button type="submit" disabled={busy} className={buttonClasses({ className: 'w-full' })} data-testid={`${mode}-submit`}>
        {t(mode === 'login' ? 'loginSubmit' : 'signupSubmit')}
      </button>
    </form>
  );
}
