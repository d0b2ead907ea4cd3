// For browser work a page does not need to become interactive (ADRs 086, 087): run it once the page
// has loaded and the main thread is idle, at most `timeoutMs` after `load`, not while React hydrates.
/** Runs `work` after the page, when idle; answers a function that cancels it before `load`. */
export function whenPageIdle(work: () => void, timeoutMs: number): () => void {
  const idle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => work(), { timeout: timeoutMs }) : setTimeout(work, 0);
  if (document.readyState === 'complete') {
    idle();
    return () => {};
  }
  addEventListener('load', idle, { once: true });
  return () => removeEventListener('load', idle);
}
