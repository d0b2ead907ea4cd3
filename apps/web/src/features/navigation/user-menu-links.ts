// Destinations of the logged-in user menu (spec §2 "Top navigation bar", "Account routes").

export const USER_MENU_ITEMS = [
  // My page's home (ADR 057): what needs attention, and every section below.
  { key: 'home', href: '/mypage' },
  { key: 'account', href: '/mypage/account' },
  { key: 'profile', href: '/mypage/profile' },
  { key: 'creditCard', href: '/mypage/credit-card' },
  { key: 'recurringSupport', href: '/mypage/recurring-support' },
  { key: 'supportHistory', href: '/mypage/support-history' },
  { key: 'campaigns', href: '/mypage/campaigns' },
] as const;
export type UserMenuKey = (typeof USER_MENU_ITEMS)[number]['key'];

export const LOGOUT_HREF = '/logout';
/** Kifu's staff's hub (ADR 078): applications to join, reward reviews (ADR 036) and payouts. */
export const STAFF_REVIEWS_HREF = '/staff';

/**
 * An associate's console (spec §2 "/dashboard/{associateUid}", ADR 060): Kifu's own page, a path
 * for the locale-aware Link, unless ADMIN_APP_URL names another origin that serves it.
 */
export function adminDashboardUrl(adminAppUrl: string | undefined, associateUid: string): string {
  const path = `/dashboard/${encodeURIComponent(associateUid)}`;
  return adminAppUrl ? `${adminAppUrl.replace(/\/+$/, '')}${path}` : path;
}
