'use client';
// The global toast outlet (spec §2 "Global overlays"). Durations are set per kind by `notify`.
import { useTranslations } from 'next-intl';
import { Toaster as SonnerToaster } from 'sonner';

export function Toaster() {
  const t = useTranslations('layout');
  // Screen readers announce the region by this label (sonner's default is English).
  return (
    <SonnerToaster
      position="top-center"
      closeButton
      richColors
      offset="calc(var(--spacing-navbar) + 0.75rem)"
      containerAriaLabel={t('notifications')}
    />
  );
}
