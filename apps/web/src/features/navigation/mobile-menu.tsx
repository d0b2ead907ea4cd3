'use client';
// Mobile menu (spec §2). The button is all that ships with the page; the dialog (Radix, with its
// focus trap and scroll lock) is fetched on the first open, keeping it out of every page's JS.
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import { useAuth } from '@/lib/auth-state';

const MobileMenuDialog = dynamic(() => import('./mobile-menu-dialog'), { ssr: false });

export function MobileMenu({ associateLandingUrl }: { associateLandingUrl: string }) {
  const t = useTranslations('nav');
  const loggedIn = useAuth().status === 'loggedIn';
  const id = useId();
  const triggerId = `${id}-trigger`;
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  return (
    <>
      <button
        type="button"
        id={triggerId}
        data-testid="mobile-menu-trigger"
        aria-label={t('openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100"
      >
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      {requested ? (
        <MobileMenuDialog
          id={id}
          triggerId={triggerId}
          open={open}
          onOpenChange={setOpen}
          associateLandingUrl={associateLandingUrl}
          loggedIn={loggedIn}
        />
      ) : null}
    </>
  );
}
