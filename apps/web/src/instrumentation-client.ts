// Runs in the browser before the page is interactive (Next's instrumentation-client), in every
// page's main bundle — so it stays a few lines that import nothing but a small scheduling helper
// (ADR 050). Error reporting is loaded only when the page carries its settings (the root layout
// writes them when SENTRY_DSN is set): the SDK is a chunk of its own, fetched once the page has
// loaded and the main thread is idle (ADR 086), not while React hydrates the page. Reports made
// before it starts, and errors nobody caught, wait in a short queue under the global that
// lib/error-reporting.ts reads.
import { whenPageIdle } from './lib/when-page-idle';

const settings = document.querySelector<HTMLMetaElement>('meta[name="kifu-error-reporting"]')?.content;
if (settings) {
  const waiting: [unknown, Record<string, string>][] = [];
  const reporter = Symbol.for('kifu.errorReporter');
  const wait = (error: unknown, tags: Record<string, string> = {}) => {
    if (waiting.length < 20) waiting.push([error, tags]);
  };
  (globalThis as Record<symbol, unknown>)[reporter] = wait;
  const onError = (event: ErrorEvent) => wait(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => wait(event.reason);
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  const start = () =>
    void import('./lib/error-reporting-browser')
      .then(({ startBrowserErrorReporting }) => {
        // The SDK catches what nobody caught from here on.
        removeEventListener('error', onError);
        removeEventListener('unhandledrejection', onRejection);
        startBrowserErrorReporting(settings, waiting);
      })
      .catch(() => delete (globalThis as Record<symbol, unknown>)[reporter]);
  whenPageIdle(start, 3_000);
}
