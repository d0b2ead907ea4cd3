'use client';
// Route-change progress bar (spec §2 "Global overlays": spinner shown, speed 300 ms, trickle 100 ms).
// The App Router has no router events, so a navigation starts when a same-origin link is clicked
// (or history is traversed) and ends when the rendered pathname/search changes.
import { PROGRESS_BAR } from '@kifu/domain/constants';
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { trickle } from './progress-math';

type Bar = { visible: boolean; value: number };
const HIDDEN: Bar = { visible: false, value: 0 };
const START_VALUE = 0.08;

/**
 * Spread on a link whose plain click opens something in place (the login modal) rather than
 * navigating; its address still serves a new tab. No bar starts for it: none would ever finish.
 */
export const OPENS_IN_PLACE = { 'data-opens-in-place': '' } as const;

/** Whether a click on this anchor will make the App Router navigate to another page. */
function isPageNavigation(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (anchor.hasAttribute('data-opens-in-place')) return false;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

export function RouteProgress() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const [bar, setBar] = useState<Bar>(HIDDEN);
  const trickleTimer = useRef<ReturnType<typeof setInterval> | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimers = useCallback(() => {
    if (trickleTimer.current) clearInterval(trickleTimer.current);
    if (hideTimer.current) clearTimeout(hideTimer.current);
    trickleTimer.current = null;
    hideTimer.current = null;
  }, []);

  const start = useCallback(() => {
    clearTimers();
    setBar({ visible: true, value: START_VALUE });
    trickleTimer.current = setInterval(() => setBar((b) => ({ ...b, value: trickle(b.value) })), PROGRESS_BAR.trickleMs);
  }, [clearTimers]);

  const done = useCallback(() => {
    if (!trickleTimer.current) return;
    clearTimers();
    setBar({ visible: true, value: 1 });
    // Let the bar reach the end (one `speed` transition), then fade it out.
    hideTimer.current = setTimeout(() => setBar(HIDDEN), PROGRESS_BAR.speedMs);
  }, [clearTimers]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (anchor instanceof HTMLAnchorElement && isPageNavigation(event, anchor)) start();
    };
    // Capture phase: next/link's own handler (React's, on the document) calls preventDefault first.
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', start);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', start);
      clearTimers();
    };
  }, [start, clearTimers]);

  useEffect(() => {
    done();
  }, [pathname, search, done]);

  return (
    <div aria-hidden="true" data-testid="route-progress" data-active={bar.visible && bar.value < 1}>
      <div
        className="pointer-events-none fixed left-0 top-0 z-[60] h-0.5 bg-brand-500 shadow-[0_0_8px] shadow-brand-500"
        style={{
          width: `${bar.value * 100}%`,
          opacity: bar.visible ? 1 : 0,
          transition: `width ${PROGRESS_BAR.speedMs}ms ease, opacity ${PROGRESS_BAR.speedMs}ms ease`,
        }}
      />
      {bar.visible ? (
        <div
          data-testid="route-progress-spinner"
          className="pointer-events-none fixed right-3 top-3 z-[60] size-4 animate-spin rounded-full border-2 border-transparent border-l-brand-500 border-t-brand-500"
        />
      ) : null}
    </div>
  );
}
