'use client';
// Pages that need login (spec §2 "Other screens and behaviours"): while the auth state is read, a
// quiet placeholder; logged out, the 'Please login first to visit this page.' notice, whose login
// link brings the visitor back here (the full path, locale prefix included); signed in, the page.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { useAuth } from '@/lib/auth-state';
import { LoginRequired } from './login-required';

export function SignedInOnly({ title, children }: { title: string; children: ReactNode }) {
  const t = useTranslations('auth');
  const { status } = useAuth();
  const pathname = usePathname();
  if (status === 'initializing') {
    return (
      <p role="status" className="py-16 text-center text-muted" data-testid="auth-initializing">
        {t('checkingSession')}
      </p>
    );
  }
  if (status === 'loggedOut') return <LoginRequired title={title} next={pathname} />;
  return <>{children}</>;
}
