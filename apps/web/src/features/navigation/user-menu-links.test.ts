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

  it('builds admin links (ADR 029: /associate/{uid}/my_associate/) with or without a trailing slash on the base', () => {
    expect(adminDashboardUrl('https://admin.example/', 'green-earth')).toBe('https://admin.example/associate/green-earth/my_associate/');
    expect(adminDashboardUrl('https://admin.example', 'a b')).toBe('https://admin.example/associate/a%20b/my_associate/');
  });
});
