import { describe, expect, it } from 'vitest';
import { adminDashboardUrl, USER_MENU_ITEMS } from './user-menu-links';

describe('user menu links', () => {
  it('covers the mypage routes of spec §2 in menu order', () => {
    expect(USER_MENU_ITEMS.map((item) => item.href)).toEqual([
      '/mypage',
      '/mypage/account',
      '/mypage/profile',
      '/mypage/credit-card',
      '/mypage/recurring-support',
      '/mypage/support-history',
      '/mypage/campaigns',
    ]);
  });

  it("links each associate's console on Kifu itself unless another origin serves it (ADR 060)", () => {
    expect(adminDashboardUrl(undefined, 'green-earth')).toBe('/dashboard/green-earth');
    expect(adminDashboardUrl('https://admin.example/', 'green-earth')).toBe('https://admin.example/dashboard/green-earth');
    expect(adminDashboardUrl('https://admin.example', 'a b')).toBe('https://admin.example/dashboard/a%20b');
  });
});
