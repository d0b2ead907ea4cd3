'use client';
// /dashboard/{uid}/members (ADR 060), for owners: the members with their roles (changed in place),
// removal after a confirmation, the invitations not yet used (revocable), and an invitation form.
// The API keeps the last owner an owner and says so; its refusals are shown in the reader's words.
import { ASSOCIATE_ROLES, type AssociateRole } from '@kifu/domain/associate-roles';
import type { Locale } from '@kifu/domain/enums';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { inputClasses } from '@/components/ui/input-styles';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';
import { consoleApi } from './console-api';
import { useConsoleCaller } from './console-shell';
import { useGiftFormat } from './gift-labels';
import { useConsoleLoad } from './use-console-load';

type Notice = { kind: 'status' | 'alert'; text: string } | null;

/** The reason the API gave (its detail starts with a key), in the reader's words. */
function useFailureText() {
  const t = useTranslations('console');
  return (error: unknown) => {
    const detail = error instanceof ApiError ? error.detail : '';
    if (detail.startsWith('already_member')) return t('memberErrors.already_member');
    if (detail.startsWith('last_owner')) return t('memberErrors.last_owner');
    return t('memberErrors.failed');
  };
}

export function Members() {
  const t = useTranslations('console');
  const locale = useLocale() as Locale;
  const { associate, permissions } = useConsoleCaller();
  const uid = associate.uid;
  const format = useGiftFormat();
  const failureText = useFailureText();
  const [list, reload] = useConsoleLoad(
    () => (permissions.administer ? consoleApi.members(uid) : Promise.reject(new Error('owners only'))),
    `${uid}:${locale}`,
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function act(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      setNotice({ kind: 'status', text: done });
      reload();
    } catch (error) {
      setNotice({ kind: 'alert', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  async function inviteSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const role = String(data.get('role')) as AssociateRole;
    await act(() => consoleApi.invite(uid, { email, role, lang: locale }), t('invited', { email }));
    form.reset();
  }

  const heading = <h1 className="text-2xl font-bold">{t('members')}</h1>;
  if (!permissions.administer)
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <p role="alert">{t('ownersOnly')}</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-6" data-testid="console-members">
      {heading}
      <p className="text-muted">{t('membersLead')}</p>
      <div aria-live="polite" data-testid="members-notice">
        {notice ? (
          <p
            role={notice.kind}
            className={notice.kind === 'alert' ? 'rounded-xl bg-red-50 p-3 text-red-800' : 'rounded-xl bg-emerald-50 p-3 text-emerald-900'}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      {list.state === 'loading' ? <LoadingStatus testId="members-loading">{t('loading')}</LoadingStatus> : null}
      {list.state === 'failed' ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="members-load-failed" />
      ) : null}
      {list.state === 'loaded' ? (
        <>
          <ul className="flex flex-col divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white" data-testid="member-list">
            {list.value.members.map((member) => {
              const name = member.name || member.email;
              return (
                <li key={member.user_id} className="flex flex-wrap items-center gap-3 p-4" data-testid="member-row">
                  <div className="min-w-48 flex-1">
                    <p className="font-semibold">
                      {name} {member.you ? <span className="text-sm text-muted">（{t('you')}）</span> : null}
                    </p>
                    <p className="text-sm text-muted">{member.email}</p>
                  </div>
                  <label className="flex items-center gap-2 text-sm">
                    <span className="sr-only">{t('changeRole', { name })}</span>
                    <select
                      value={member.role}
                      disabled={busy}
                      className={inputClasses(false, 'w-auto')}
                      onChange={(event) =>
                        act(() => consoleApi.changeRole(uid, member.user_id, event.target.value as AssociateRole), t('saved'))
                      }
                    >
                      {ASSOCIATE_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button
                    type="button"
                    disabled={busy}
                    className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                    onClick={() => {
                      if (window.confirm(t('removeConfirm', { name })))
                        void act(() => consoleApi.removeMember(uid, member.user_id), t('saved'));
                    }}
                  >
                    {t('remove')}
                  </button>
                </li>
              );
            })}
          </ul>
          {list.value.invitations.length > 0 ? (
            <section aria-labelledby="members-invitations" className="flex flex-col gap-2">
              <h2 id="members-invitations" className="text-lg font-bold">
                {t('invitations')}
              </h2>
              <ul
                className="flex flex-col divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
                data-testid="invitation-list"
              >
                {list.value.invitations.map((invitation) => (
                  <li key={invitation.id} className="flex flex-wrap items-center gap-3 p-4" data-testid="invitation-row">
                    <div className="min-w-48 flex-1">
                      <p className="font-semibold">{invitation.email}</p>
                      <p className="text-sm text-muted">
                        {t(`roles.${invitation.role}`)} · {t('expires', { date: format.date(invitation.expires_at) })}
                        {invitation.invited_by ? ` · ${t('invitedBy', { email: invitation.invited_by })}` : ''}
                      </p>
                    </div>
                    <button
                      type="button"
                      disabled={busy}
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      onClick={() => act(() => consoleApi.revokeInvitation(uid, invitation.id), t('saved'))}
                    >
                      {t('revoke')}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="members-invite" className="flex flex-col gap-2">
            <h2 id="members-invite" className="text-lg font-bold">
              {t('invite')}
            </h2>
            <form
              onSubmit={inviteSubmit}
              className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto]"
              data-testid="invite-form"
            >
              <label className="flex flex-col gap-1 text-sm">
                <span className="font-semibold">{t('inviteEmail')}</span>
                <input type="email" name="email" required maxLength={254} autoComplete="off" className={inputClasses(false)} />
              </label>
              <label className="flex flex-col gap-1 text-sm">
                <span className="font-semibold">{t('role')}</span>
                <select name="role" defaultValue="staff" className={inputClasses(false)}>
                  {ASSOCIATE_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`roles.${role}`)}
                    </option>
                  ))}
                </select>
              </label>
              <div className="flex items-end">
                <button type="submit" disabled={busy} className={buttonClasses({ size: 'sm' })} data-testid="invite-send">
                  {t('inviteSend')}
                </button>
              </div>
            </form>
          </section>
        </>
      ) : null}
    </div>
  );
}
