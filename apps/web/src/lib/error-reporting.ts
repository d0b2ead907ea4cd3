// Reporting an error from anywhere in the web app, server or browser (ADR 050), without importing
// the Sentry SDK: the SDK is loaded only where a DSN is configured (instrumentation.ts on the
// server, instrumentation-client.ts in the browser, lazily) and hands its capture function over
// through a global, which Next's separately bundled server entries and the page's chunks all see.
// Until then, and where reporting is off, reportError() does nothing.
import { REQUEST_ID_TAG } from '@kifu/domain/request-id';

export interface ErrorReport {
  /** The API's request id (its x-request-id answer header), so the report meets the API's logs. */
  requestId?: string | null;
  tags?: Record<string, string>;
}

export type ErrorReporter = (error: unknown, tags: Record<string, string>) => void;

/** instrumentation-client.ts sets its queue under the same key, written out there to stay small. */
const REPORTER = Symbol.for('kifu.errorReporter');
type WithReporter = typeof globalThis & { [REPORTER]?: ErrorReporter };

/** Called by the SDK's starter once it is ready (and by tests). */
export function setErrorReporter(reporter: ErrorReporter | undefined): void {
  (globalThis as WithReporter)[REPORTER] = reporter;
}

export function reportError(error: unknown, report: ErrorReport = {}): void {
  const reporter = (globalThis as WithReporter)[REPORTER];
  if (!reporter) return;
  reporter(error, { ...report.tags, ...(report.requestId ? { [REQUEST_ID_TAG]: report.requestId } : {}) });
}
