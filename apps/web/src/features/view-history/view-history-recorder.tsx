'use client';
// Records each page the visitor sees, on the first load and on every client-side navigation, in
// the view history (spec §2 "Client storage"). Renders nothing.
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { parseViewHistory, recordVisit, VIEW_HISTORY_KEY } from './view-history';

export function ViewHistoryRecorder() {
  const pathname = usePathname();
  useEffect(() => {
    try {
      // The address bar's path (with /en when English), which is what the visitor can come back to.
      const history = recordVisit(parseViewHistory(localStorage.getItem(VIEW_HISTORY_KEY)), window.location.pathname);
      localStorage.setItem(VIEW_HISTORY_KEY, JSON.stringify(history));
    } catch {
      // Storage blocked or full: the history is a convenience, browsing goes on without it.
    }
  }, [pathname]);
  return null;
}
