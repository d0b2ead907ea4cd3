'use client';
// /password-recovery (spec §2, §7 /auth/password-recovery, §8 messages): without a code, ask for
// the account's address and mail a link; with the link's `?code=`, set the new password (spec §5:
// at least 6 characters), then log in — every earlier session has ended. The code comes from the
// page, which reads the address on the server, so the form is in its HTML before scripts run (ADR 056).
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import { fieldErrorMessage } from '@kifu/domain/catalogue/field-errors';
import { NOTICES } from '@kifu/domain/catalogue/page-messages';
import type { Locale } from '@kifu/domain/enums';
import { passwordSchema, requiredEmailSchema } from '@kifu/domain/schemas/fields';
import { toFieldError } from '@kifu/domain/schemas/rule-keys';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { describedBy, inputClasses } from '@/components/ui/input-styles';
import { notify } from '@/components/ui/toast';
import { useRouter } from '@/i18n/navigation';

const postJson = (path: string, body: unknown) =>
  fetch(`/backend${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** `code`: the mailed link's code, or null to ask for the address (the login modal always asks). */
export function PasswordRecoveryPanel({ code }: { code: string | null }) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const mode = code ? 'reset' : 'request';
  const label = mode === 'reset' ? t('newPassword') : t('email');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = (mode === 'reset' ? passwordSchema : requiredEmailSchema).safeParse(value);
    setFailure(null);
    if (!checked.success) {
      const { rule, params } = toFieldError(checked.error.issues[0]!);
      setFieldError(fieldErrorMessage(rule, label, locale, params));
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const response =
        mode === 'reset'
          ? await postJson('/auth/password-recovery/confirm', { code, password: value })
          : await postJson('/auth/password-recovery', { email: value, locale });
      if (response.ok && mode === 'reset') {
        notify.success(NOTICES.passwordReset[locale], { id: 'password-reset' });
        router.replace('/login');
        return;
      }
      if (response.ok) {
        setSent(true);
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { detail?: string };
      if (response.status === 429) setFailure(API_ERROR_MESSAGES.rate_limited[locale]);
      else if (response.status === 404) setFailure(ACCOUNT_ERRORS.passwordRecoveryNotFound[locale]);
      else if (mode === 'reset' && body.detail?.startsWith('invalid_code')) setFailure(ACCOUNT_ERRORS.passwordRecoveryInvalidCode[locale]);
      else setFailure(ACCOUNT_ERRORS.passwordRecoveryFailed[locale]);
    } catch {
      setFailure(ACCOUNT_ERRORS.network[locale]);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <p
        role="status"
        className="mx-auto max-w-md rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm"
        data-testid="recovery-sent"
      >
        {NOTICES.passwordRecoveryMailSent[locale]}
      </p>
    );
  }
  const fieldId = `${id}-field`;
  return (
    <form onSubmit={submit} noValidate className="mx-auto max-w-md space-y-4" data-testid={`recovery-${mode}-form`}>
      {failure ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="recovery-failure">
          {failure}
        </p>
      ) : null}
      <p className="text-sm text-muted">{mode === 'reset' ? t('resetLead') : t('recoveryLead')}</p>
      <div>
        <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold">
          {label}
        </label>
        <input
          id={fieldId}
          type={mode === 'reset' ? 'password' : 'email'}
          autoComplete={mode === 'reset' ? 'new-password' : 'email'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy(fieldId, false, fieldError)}
          className={inputClasses(Boolean(fieldError))}
          data-testid={`recovery-${mode}-input`}
        />
        {fieldError ? (
          <p id={`${fieldId}-error`} className="mt-1.5 text-sm font-semibold text-red-700" data-testid="field-error">
            {fieldError}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={busy} className={buttonClasses({ className: 'w-full' })} data-testid={`recovery-${mode}-submit`}>
        {mode === 'reset' ? t('resetSubmit') : t('recoverySubmit')}
      </button>
    </form>
  );
}
