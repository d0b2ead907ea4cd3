// The web server's Sentry SDK (ADR 050), loaded by instrumentation.ts only when SENTRY_DSN is set.
import * as Sentry from '@sentry/nextjs';
import { reportingHooks, reportingOptions } from '@kifu/domain/error-reporting';
import { setErrorReporter } from './error-reporting';
import type { ErrorReportingSettings } from './error-reporting-settings';

export function startServerErrorReporting(settings: ErrorReportingSettings & { release?: string | undefined }): void {
  Sentry.init({ ...reportingOptions(settings, reportingHooks()), initialScope: { tags: { process: 'web' } } });
  setErrorReporter((error, tags) => Sentry.captureException(error, { tags }));
}
