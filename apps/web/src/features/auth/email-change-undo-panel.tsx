'use client';
// The undo link of an e-mail change (ADR 055): it puts the old address back and ends every session.
// It acts on a click, not on load, since mail scanners open links; then it points to password
// recovery, because whoever changed the address knew the password.
import { ACCOUNT_ERRORS } from '@kifu/domain/catalogue/account-errors';
import { API_ERROR_MESSAGES } from '@kifu/domain/catalogue/api-error-messages';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { Link } from '@/i18n/navigation';
import { useAuth } from '@/lib/auth-state';

export function EmailChangeUndoPanel({ code }: { code: string | null }) {
  const t = useTranslations('auth.emailUndo');
  const locale = useLocale() as Locale;
  const { status, dropSession } = useAuth();
  const [restored, setRestored] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(code ? null : t('noCode'));
  const [busy, setBusy] = useState(false);

  async function undo() {
    if (busy || !code) return;
    setBusy(true);
    setFailure(null);
    const response = await fetch('/backend/auth/email-change/undo', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    }).catch(() => null);
    setBusy(false);
    if (response?.ok) {
      setRestored(((await response.json()) as { email: string }).email);
      // Every session ended at the API, this browser's too.
      if (status === 'loggedIn') await dropSession();
      return;
    }
    if (!response) return setFailure(ACCOUNT_ERRORS.network[locale]);
    const body = (await response.json().catch(() => ({}))) as { detail?: string; fields?: Record<string, string[]> };
    if (response.status === 429) setFailure(API_ERROR_MESSAGES.rate_limited[locale]);
    else if (body.detail?.startsWith('invalid_code')) setFailure(ACCOUNT_ERRORS.emailChangeUndoInvalidCode[locale]);
    else if (body.fields?.email?.includes('unique')) setFailure(ACCOUNT_ERRORS.emailDuplicated[locale]);
    else setFailure(ACCOUNT_ERRORS.emailChangeUndoFailed[locale]);
  }

  if (restored) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm" data-testid="email-undo-done">
          {t('done', { email: restored })}
        </p>
        <Link href="/password-recovery" className={buttonClasses({ size: 'sm' })} data-testid="email-undo-reset-password">
          {t('resetPassword')}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm">{t('lead')}</p>
      {failure ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="email-undo-failure">
          {failure}
        </p>
      ) : null}
      {code ? (
        <button type="button" onClick={() => void undo()} disabled={busy} className={buttonClasses()} data-testid="email-undo-submit">
          {t('submit')}
        </button>
      ) : null}
    </div>
  );
}
