'use client';
// The frame of every console page (/dashboard/{associateUid}, ADR 060): the associate's name, the
// caller's role, and the console's menu. It asks the API who the caller is there first: a visitor
// who is not a member is told so and sees nothing of the associate's; the menu shows only what the
// role may use (the API checks again on every call).
import type { api } from '@kifu/domain';
import { useLocale, useTranslations } from 'next-intl';
import { createContext, useContext, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { LoadFailed, LoadingStatus } from '@/components/ui/load-states';
import { Link, usePathname } from '@/i18n/navigation';
import { consoleApi } from './console-api';
import { useConsoleLoad } from './use-console-load';

const ConsoleContext = createContext<api.MyAssociate | null>(null);

/** Who the caller is in this console; only inside ConsoleShell. */
export function useConsoleCaller(): api.MyAssociate {
  const caller = useContext(ConsoleContext);
  if (!caller) throw new Error('useConsoleCaller outside ConsoleShell');
  return caller;
}

export const consolePath = (uid: string, section = '') => `/dashboard/${encodeURIComponent(uid)}${section ? `/${section}` : ''}`;

function ConsoleNav({ caller }: { caller: api.MyAssociate }) {
  const t = useTranslations('console');
  const pathname = usePathname();
  const uid = caller.associate.uid;
  const items = [
    { href: consolePath(uid), label: t('overview'), exact: true },
    { href: consolePath(uid, 'gifts'), label: t('gifts') },
    { href: consolePath(uid, 'supporters'), label: t('supporters') },
    { href: consolePath(uid, 'recurring'), label: t('recurringSupport.title') },
    { href: consolePath(uid, 'donor-register'), label: t('donorRegister') },
    { href: consolePath(uid, 'public-support-test'), label: t('pst.title') },
    { href: consolePath(uid, 'external-gifts'), label: t('externalGifts.title') },
    { href: consolePath(uid, 'receipts'), label: t('receipts.title') },
    { href: consolePath(uid, 'statements'), label: t('statements.title') },
    { href: consolePath(uid, 'reports'), label: t('activityReports') },
    { href: consolePath(uid, 'campaigns'), label: t('campaigns.title') },
    { href: consolePath(uid, 'page'), label: t('page.title') },
    { href: consolePath(uid, 'settings'), label: t('settings.title') },
    ...(caller.permissions.administer
      ? [
          { href: consolePath(uid, 'members'), label: t('members') },
          { href: consolePath(uid, 'audit'), label: t('audit') },
        ]
      : []),
  ];
  return (
    <nav aria-label={t('nav')} className="border-b border-slate-200" data-testid="console-nav">
      <ul className="-mb-px flex flex-wrap gap-1">
        {items.map((item) => {
          const current = item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'inline-block border-b-2 px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500',
                  current ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink',
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function NotMember() {
  const t = useTranslations('console');
  return (
    <div className="rounded-2xl bg-slate-50 p-8 text-center" data-testid="console-not-member" role="alert">
      <p className="font-semibold">{t('notMember')}</p>
      <p className="mt-2 text-sm text-muted">{t('notMemberHint')}</p>
      <Link href="/" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}>
        {t('backHome')}
      </Link>
    </div>
  );
}

/** The frame; the page puts it inside its signed-in check. */
export function ConsoleShell({ uid, children }: { uid: string; children: ReactNode }) {
  const t = useTranslations('console');
  const locale = useLocale();
  const [me, reload] = useConsoleLoad(() => consoleApi.me(uid), `${uid}:${locale}`);
  if (me.state === 'loading') return <LoadingStatus testId="console-loading">{t('loading')}</LoadingStatus>;
  if (me.state === 'failed')
    return me.status === 404 || me.status === 403 ? (
      <NotMember />
    ) : (
      <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={reload} testId="console-load-failed" />
    );
  const caller = me.value;
  return (
    <ConsoleContext.Provider value={caller}>
      <header className="flex flex-wrap items-center gap-4">
        <img
          src={caller.associate.logo_url}
          alt=""
          width={48}
          height={48}
          className="size-12 rounded-lg border border-slate-200 object-cover"
        />
        <div>
          <p className="text-sm text-muted">{t('title')}</p>
          <p className="text-xl font-bold" data-testid="console-associate">
            {caller.associate.name}
          </p>
        </div>
        <p className="ml-auto rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-700" data-testid="console-role">
          {t('roleLabel', { role: t(`roles.${caller.role}`) })}
        </p>
      </header>
      <ConsoleNav caller={caller} />
      <div className="pt-6">{children}</div>
    </ConsoleContext.Provider>
  );
}
