'use client';
// The mobile menu's dialog (spec §2), a Radix dialog: focus is trapped and restored to the menu
// button, Escape, the overlay and the close button dismiss it, and following a link closes it.
// Loaded on the first open only (see mobile-menu.tsx).
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button-styles';
import { Link } from '@/i18n/navigation';
import { AssociatePromo } from './associate-promo';
import { ColourModeSwitch } from './colour-mode-switch';
import { LanguageSwitch } from './language-switch';
import { PRIMARY_NAV } from './nav-links';

export type MobileMenuDialogProps = {
  id: string;
  /** The menu button, which gets focus back on close (it is not a Radix Dialog.Trigger). */
  triggerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  associateLandingUrl: string;
  loggedIn: boolean;
};

export default function MobileMenuDialog({ id, triggerId, open, onOpenChange, associateLandingUrl, loggedIn }: MobileMenuDialogProps) {
  const t = useTranslations('nav');
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/40" />
        <Dialog.Content
          id={id}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(triggerId)?.focus();
          }}
          data-testid="mobile-menu"
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 bg-white p-6 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-base font-bold">{t('menuTitle')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('closeMenu')}
              className="inline-flex size-9 items-center justify-center rounded-full hover:bg-slate-100"
            >
              <svg
                width="18"
                height="18"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label={t('label')}>
            <ul className="flex flex-col gap-1">
              {PRIMARY_NAV.map((item) => (
                <li key={item.key}>
                  <Link href={item.href} onClick={close} className="block rounded-lg px-3 py-2 font-semibold hover:bg-slate-100">
                    {t(item.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <AssociatePromo href={associateLandingUrl} className="px-3" />
          {loggedIn ? null : (
            <Link href="/login" onClick={close} className={buttonClasses({ variant: 'primary', className: 'w-full' })}>
              {t('login')}
            </Link>
          )}
          <div className="mt-auto flex flex-col gap-4">
            <div>
              <p className="mb-2 text-xs font-semibold text-muted">{t('colourMode.label')}</p>
              <ColourModeSwitch />
            </div>
            <div>
              <p className="mb-2 text-xs font-semibold text-muted">{t('language')}</p>
              <LanguageSwitch />
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
