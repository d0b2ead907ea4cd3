// Hide-on-scroll rule for the top bar (spec §2 "Top navigation bar", constants of spec §9
// "Scroll handler: interval 100 ms, threshold 100 px, move 100 px, show delay 150 ms").
// Scroll events only mark the page as scrolled; a 100 ms interval takes the decision, so a fast
// scroll costs one check per interval instead of one per event.
import { SCROLL } from '@kifu/domain/constants';

export type ScrollConfig = { intervalMs: number; thresholdPx: number; movePx: number; showDelayMs: number };
export type NavbarDecision = 'hide' | 'show' | 'none';

/**
 * Decides what the bar does for a scroll from `lastY` (the position of the last decision) to `y`.
 * - Within `thresholdPx` of the top the bar is always shown.
 * - Moves smaller than `movePx` are ignored and do not move the reference point, so slow scrolling
 *   still adds up to a decision.
 * - Otherwise scrolling down hides and scrolling up shows.
 */
export function decideNavbar(lastY: number, y: number, config: ScrollConfig = SCROLL): { decision: NavbarDecision; lastY: number } {
  if (y <= config.thresholdPx) return { decision: 'show', lastY: y };
  if (Math.abs(y - lastY) < config.movePx) return { decision: 'none', lastY };
  return { decision: y > lastY ? 'hide' : 'show', lastY: y };
}

export interface NavbarScrollController {
  /** Call from the scroll listener; cheap. */
  markScrolled(): void;
  /** Show at once (e.g. keyboard focus entered the bar). */
  reveal(): void;
  dispose(): void;
}

/** Runs `decideNavbar` on an interval and reports visibility changes; showing waits `showDelayMs`. */
export function createNavbarScrollController(options: {
  readY: () => number;
  onHiddenChange: (hidden: boolean) => void;
  config?: ScrollConfig;
}): NavbarScrollController {
  const config = options.config ?? SCROLL;
  let lastY = options.readY();
  let scrolled = false;
  let hidden = false;
  let showTimer: ReturnType<typeof setTimeout> | null = null;

  const cancelShow = () => {
    if (showTimer !== null) clearTimeout(showTimer);
    showTimer = null;
  };
  const setHidden = (next: boolean) => {
    if (next === hidden) return;
    hidden = next;
    options.onHiddenChange(next);
  };

  const check = () => {
    if (!scrolled) return;
    scrolled = false;
    const result = decideNavbar(lastY, options.readY(), config);
    lastY = result.lastY;
    if (result.decision === 'hide') {
      cancelShow();
      setHidden(true);
    } else if (result.decision === 'show' && hidden && showTimer === null) {
      showTimer = setTimeout(() => {
        showTimer = null;
        setHidden(false);
      }, config.showDelayMs);
    }
  };
  const interval = setInterval(check, config.intervalMs);

  return {
    markScrolled: () => {
      scrolled = true;
    },
    reveal: () => {
      cancelShow();
      setHidden(false);
    },
    dispose: () => {
      clearInterval(interval);
      cancelShow();
    },
  };
}
