'use client';
// The global toast outlet (spec §2 "Global overlays"). Durations are set per kind by `notify`.
import { Toaster as SonnerToaster } from 'sonner';

export function Toaster() {
  return <SonnerToaster position="top-center" closeButton richColors offset="calc(var(--spacing-navbar) + 0.75rem)" />;
}
