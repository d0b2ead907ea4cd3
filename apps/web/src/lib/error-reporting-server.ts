// The web server's Sentry SDK (ADR 050), loaded by instrumentation.ts only when SENTRY_DSN is set.
//
// Cheap for the pages it does not trace (ADR 084): of the SDK's default integrations the server keeps
// the ones an error report needs (KEPT_DEFAULT_INTEGRATIONS, as the API does) and adds only its own
// below. Not the HTTP integration: Next traces its own requests, and the integration's work on every
// request — a scope forked, a new trace id made, a release-health session counted — was a third of
// the CPU of a cached page.
import * as Sentry from '@sentry/nextjs';
import { KEPT_DEFAULT_INTEGRATIONS, reportingHooks, reportingOptions } from '@kifu/domain/error-reporting';
import { setErrorReporter } from './error-reporting';
import type { ErrorReportingSettings } from './error-reporting-settings';

/**
 * The web server's own, beside the kept defaults: Next's bundled frames named as in its build
 * (DistDirRewriteFrames), and the handler of unhandled rejections as the SDK has it. Calls to the
 * API through fetch carry a traced page's trace on (ADR 080: a trace crosses the web server and the
 * API whole), without a breadcrumb per call: with no scope per request, a breadcrumb would land in
 * the reports of other pages.
 */
const WEB_SERVER_INTEGRATIONS: ReadonlySet<string> = new Set(['DistDirRewriteFrames', 'OnUnhandledRejection']);

export function startServerErrorReporting(settings: ErrorReportingSettings & { release?: string | undefined }): void {
  Sentry.init({
    ...reportingOptions(settings, reportingHooks()),
    initialScope: { tags: { process: 'web' } },
    integrations: (defaults) => [
      ...defaults.filter((integration) => KEPT_DEFAULT_INTEGRATIONS.has(integration.name) || WEB_SERVER_INTEGRATIONS.has(integration.name)),
      Sentry.nativeNodeFetchIntegration({ breadcrumbs: false }),
    ],
  });
  setErrorReporter((error, tags) => Sentry.captureException(error, { tags }));
}
