'use client';
// The signed-in supporter of the donate page (signed-in-supporter.ts), for the steps that offer
// the saved card or hide the sign-up; null for a guest.
import { useTranslations } from 'next-intl';
import { createContext, useContext } from 'react';
import type { SignedInSupporter } from './signed-in-supporter';

export const SupporterContext = createContext<SignedInSupporter | null>(null);

export function useSignedInSupporter(): SignedInSupporter | null {
  return useContext(SupporterContext);
}

/** 'Signed in as …': says where the filled-in details came from. */
export function SignedInNote() {
  const t = useTranslations('donate.info');
  const supporter = useSignedInSupporter();
  if (!supporter) return null;
  return (
    <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-700" data-testid="signed-in-note">
      {t('signedInAs', { email: supporter.email })}
    </p>
  );
}
