'use client';
// The login/registration modal of spec §2 "Global overlays" on every page, without every page
// paying for it: the dialog (auth-modal-dialog.tsx: Radix with its focus trap and scroll lock, the
// forms and the zod schemas they check with, ~50 KiB gzip) is fetched the first time it opens, as
// the mobile menu and the confirmation dialogs are (ADR 043).
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth-state';
import type { BotCheckConfig } from '@/lib/bot-check';

const AuthModalDialog = dynamic(() => import('./auth-modal-dialog'), { ssr: false });

/** `botCheck`: the sign-up form's bot check (ADR 056), null when it is off. */
export function AuthModal({ botCheck }: { botCheck: BotCheckConfig | null }) {
  const { modal } = useAuth();
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if (modal !== null) setRequested(true);
  }, [modal]);
  return requested ? <AuthModalDialog botCheck={botCheck} /> : null;
}
