'use client';
// /dashboard/invitation?code=… (ADR 060): the page a mailed invitation opens. It says which
// organisation and role it offers and to which address it was sent; signed in with that address,
// one button joins and opens the console. A spent, revoked or expired link says so.
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { useRouter } from '@/i18n/navigation';
import { ApiError } from '@/lib/api-client';
import { consoleApi } from './console-api';
import { consolePath } from './console-shell';
import { useConsoleLoad } from './use-console-load';

export function AcceptInvitation() {
  const t = useTranslations('console');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const code = useSearchParams().get('code') ?? '';
  const [invitation, reload] = useConsoleLoad(
    () => (code ? consoleApi.invitation(code, locale) : Promise.reject(new ApiError(404, 'no code'))),
    `${code}:${locale}`,
  );
  const [state, setState] = useState<{ sending: boolean; error?: string }>({ sending: false });
  if (!code) return <p role="alert">{t('invitationMissing')}</p>;
  if (invitation.state === 'loading') return <LoadingStatus testId="invitation-loading">{t('loading')}</LoadingStatus>;
  if (invitation.state === 'failed')
    return invitation.status === 404 || invitation.status === 400 ? (
      <p role="alert" data-testid="invitation-invalid">
        {t('invitationInvalid')}
      </p>
    ) : (
      <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="invitation-load-failed" />
    );
  const value = invitation.value;
  return (
    <div className="flex flex-col gap-4" data-testid="invitation">
      <p>{t('invitationLead', { associate: value.associate.name, role: t(`roles.${value.role}`) })}</p>
      <p className="text-sm text-muted">{t('invitationFor', { email: value.email })}</p>
      {state.error ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800" data-testid="invitation-error">
          {state.error}
        </p>
      ) : null}
      <button
        type="button"
        disabled={state.sending}
        className={buttonClasses({ className: 'self-start' })}
        data-testid="invitation-accept"
        onClick={async () => {
          setState({ sending: true });
          try {
            const accepted = await consoleApi.acceptInvitation(code);
            router.push(consolePath(accepted.associate.uid));
          } catch (error) {
            const status = error instanceof ApiError ? error.status : 0;
            setState({
              sending: false,
              error: status === 409 ? t('invitationOtherAddress') : status === 404 ? t('invitationInvalid') : t('memberErrors.failed'),
            });
          }
        }}
      >
        {t('invitationAccept')}
      </button>
    </div>
  );
}
