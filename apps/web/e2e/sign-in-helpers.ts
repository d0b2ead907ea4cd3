// Signing in as a person does, through /login: the site keeps its session record in the browser
// (ADR 029), which a cookie set from outside would not give it.
import { expect, type Page } from '@playwright/test';

/** The demo accounts of apps/api/src/seed/data/users.ts (`<key>@kifu.example`, the README's password). */
export const demoAccount = (key: 'hanako' | 'kenta' | 'yumi' | 'sho') => ({ email: `${key}@kifu.example`, password: 'kifu-demo-2026' });

/** Logs in on /login and lands on `next` (a path without the locale prefix; `prefix` adds it). */
export async function logIn(page: Page, account: { email: string; password: string }, next: string, prefix = ''): Promise<void> {
  await page.goto(`${prefix}/login?next=${encodeURIComponent(`${prefix}${next}`)}`);
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}${next.replace(/[?]/g, '\\?')}$`));
}
