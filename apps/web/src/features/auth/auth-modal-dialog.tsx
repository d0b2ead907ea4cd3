'use client';
// The login/registration modal of spec §2 "Global overlays": modes login (initial), signup and
// password recovery, opened from the header's login button and from notices on pages that need
// login. Signing in closes it and the visitor stays where they were: the page follows the auth state.
// Loaded on its first opening (auth-modal.tsx), with Radix and the forms' zod schemas.
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { useAuth, type AuthModalMode } from '@/lib/auth-state';
import type { BotCheckConfig } from '@/lib/bot-check';
import { CredentialsForm } from './credentials-form';
import { PasswordRecoveryPanel } from './password-recovery-panel';
import { SocialLoginButton } from './social-login-button';

export default function AuthModalDialog({ botCheck }: { botCheck: BotCheckConfig | null }) {
  const t = useTranslations('auth');
  const { modal, openModal, closeModal } = useAuth();
  const modeLink = (mode: AuthModalMode, label: string) => (
    <button
      type="button"
      onClick={() => openModal(mode)}
      className="font-semibold text-brand-700 underline"
      data-testid={`auth-modal-to-${mode}`}
    >
      {label}
    </button>
  );
  return (
    <Dialog.Root open={modal !== null} onOpenChange={(open) => (open ? openModal() : closeModal())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/40" />
        <Dialog.Content
          data-testid="auth-modal"
          data-mode={modal ?? undefined}
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">
              {t(modal === 'signup' ? 'signupLink' : modal === 'recovery' ? 'recoveryTitle' : 'loginLink')}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('close')}
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
          {modal === 'recovery' ? (
            <PasswordRecoveryPanel code={null} />
          ) : modal ? (
            <>
              <CredentialsForm key={modal} mode={modal} botCheck={botCheck} onSignedIn={closeModal} />
              {modal === 'login' ? (
                <div className="mt-4">
                  <SocialLoginButton next={typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`} />
                </div>
              ) : null}
            </>
          ) : null}
          <div className="mt-5 space-y-2 text-sm">
            {modal === 'login' ? (
              <>
                <p>
                  {t('signupPrompt')} {modeLink('signup', t('signupLink'))}
                </p>
                <p>{modeLink('recovery', t('forgotPassword'))}</p>
              </>
            ) : (
              <p>
                {t('loginPrompt')} {modeLink('login', t('loginLink'))}
              </p>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
