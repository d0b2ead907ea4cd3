'use client';
// Logged-in user menu (spec §2): mypage links, logout, for associate members one link per
// associate to its console (/dashboard/{uid}, ADR 060), and for Kifu's staff their hub (/staff, ADR 078). Auth arrives in a later issue; the header renders LoginButton until a user is passed.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { adminDashboardUrl, LOGOUT_HREF, STAFF_REVIEWS_HREF, USER_MENU_ITEMS } from './user-menu-links';

export type MenuUser = { displayName: string; avatarUrl?: string | null; staff?: boolean };
export type MenuAssociate = { uid: string; name: string };

const itemClass =
  'block rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-brand-700';

export function UserMenu({
  user,
  associates,
  adminAppUrl,
}: {
  user: MenuUser;
  associates: readonly MenuAssociate[];
  adminAppUrl: string | undefined;
}) {
  const t = useTranslations('nav');
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="user-menu-trigger"
        aria-label={t('openUserMenu')}
        className="inline-flex size-9 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-sm font-bold text-brand-700 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" width={36} height={36} className="size-9 object-cover" />
        ) : (
          <span aria-hidden="true">{user.displayName.slice(0, 1)}</span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold text-muted">{user.displayName}</DropdownMenu.Label>
          {USER_MENU_ITEMS.map((item) => (
            <DropdownMenu.Item key={item.key} asChild>
              <Link href={item.href} className={itemClass}>
                {t(`user.${item.key}`)}
              </Link>
            </DropdownMenu.Item>
          ))}
          {associates.length > 0 ? (
            <>
              <DropdownMenu.Separator className="my-2 h-px bg-slate-200" />
              <DropdownMenu.Label className="px-3 py-1 text-xs font-semibold text-muted">{t('user.associates')}</DropdownMenu.Label>
              {associates.map((associate) => (
                <DropdownMenu.Item key={associate.uid} asChild>
                  {adminAppUrl ? (
                    <a href={adminDashboardUrl(adminAppUrl, associate.uid)} className={itemClass} data-testid="user-menu-console">
                      {associate.name}
                    </a>
                  ) : (
                    <Link href={adminDashboardUrl(undefined, associate.uid)} className={itemClass} data-testid="user-menu-console">
                      {associate.name}
                    </Link>
                  )}
                </DropdownMenu.Item>
              ))}
            </>
          ) : null}
          {user.staff ? (
            <>
              <DropdownMenu.Separator className="my-2 h-px bg-slate-200" />
              <DropdownMenu.Item asChild>
                <Link href={STAFF_REVIEWS_HREF} className={itemClass} data-testid="user-menu-staff-reviews">
                  {t('user.staff')}
                </Link>
              </DropdownMenu.Item>
            </>
          ) : null}
          <DropdownMenu.Separator className="my-2 h-px bg-slate-200" />
          <DropdownMenu.Item asChild>
            <Link href={LOGOUT_HREF} className={itemClass}>
              {t('user.logout')}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
