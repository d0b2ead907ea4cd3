// The browser's Sentry SDK (ADR 050), in a chunk of its own that instrumentation-client.ts imports
// only when a DSN is configured. The rules are the domain's (spec §8, no personal data); the 404
// page is recognised by its panel, since a browser trace has no HTTP status to read.
import * as Sentry from '@sentry/nextjs';
import { NOT_FOUND_PAGE_TAG, reportingHooks, reportingOptions } from '@kifu/domain/error-reporting';
import { setErrorReporter } from './error-reporting';
import { parseErrorReportingSettings } from './error-reporting-settings';

/** Both 404 pages (app/[locale]/not-found.tsx, app/global-not-found.tsx) render this panel. */
const NOT_FOUND_PANEL = '[data-testid="not-found"]';

/** Starts the SDK with the page's settings (the meta's content) and sends the reports that waited for it. */
export function startBrowserErrorReporting(content: string, waiting: [unknown, Record<string, string>][]): void {
  const settings = parseErrorReportingSettings(content);
  if (!settings) {
    setErrorReporter(undefined);
    return;
  }
  const hooks = reportingHooks({
    decorateTransaction(event) {
      if (document.querySelector(NOT_FOUND_PANEL)) event.tags = { ...event.tags, [NOT_FOUND_PAGE_TAG]: 'not-found' };
    },
  });
  Sentry.init({
    ...reportingOptions(settings, hooks),
    integrations: [Sentry.browserTracingIntegration()],
  });
  const capture = (error: unknown, tags: Record<string, string>) => void Sentry.captureException(error, { tags });
  setErrorReporter(capture);
  for (const [error, tags] of waiting.splice(0)) capture(error, tags);
}
