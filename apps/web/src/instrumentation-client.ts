// Runs in the browser before the page is interactive (Next's instrumentation-client), in every
// page's main bundle — so it stays a few lines that read nothing else (ADR 050). Error reporting is
// loaded only when the page carries its settings (the root layout writes them when SENTRY_DSN is
// set): the SDK is a chunk of its own, fetched then. Reports made while it loads wait in a short
// queue under the global that lib/error-reporting.ts reads.
const settings = document.querySelector<HTMLMetaElement>('meta[name="kifu-error-reporting"]')?.content;
if (settings) {
  const waiting: [unknown, Record<string, string>][] = [];
  const reporter = Symbol.for('kifu.errorReporter');
  (globalThis as Record<symbol, unknown>)[reporter] = (error: unknown, tags: Record<string, string>) => {
    if (waiting.length < 20) waiting.push([error, tags]);
  };
  void import('./lib/error-reporting-browser')
    .then(({ startBrowserErrorReporting }) => startBrowserErrorReporting(settings, waiting))
    .catch(() => delete (globalThis as Record<symbol, unknown>)[reporter]);
}
