'use client';
// The global toast outlet (spec §2 "Global overlays"), loaded after the page (ADR 087): its
// region is in place, for screen readers to watch, a moment after the page is idle; a toast raised
// before that mounts it at once and shows when it is there (sonner replays what was raised).
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { whenPageIdle } from '@/lib/when-page-idle';
import { isToasterWanted, subscribeToToasterWanted, wantToaster } from './toast-outlet';

const Toaster = lazy(() => import('./toaster').then(({ Toaster }) => ({ default: Toaster })));

export function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToToasterWanted, isToasterWanted, () => false);
  useEffect(() => whenPageIdle(wantToaster, 2_000), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
