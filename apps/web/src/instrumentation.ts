// Next's server instrumentation: error reporting of the web server (ADR 050), started only when
// SENTRY_DSN is set — otherwise the SDK is not even loaded. Errors of server components, route
// handlers and the proxy reach Sentry through onRequestError; the API helper's own reports
// (lib/api-client.ts) through lib/error-reporting.ts.
import type { Instrumentation } from 'next';

/** Whether register() started the SDK: onRequestError loads nothing otherwise. */
let reporting = false;

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env, toErrorReportingSettings } = await import('./lib/env');
  const settings = toErrorReportingSettings(env);
  if (!settings) return;
  const { startServerErrorReporting } = await import('./lib/error-reporting-server');
  startServerErrorReporting(settings);
  reporting = true;
}

export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (!reporting) return;
  const { captureRequestError } = await import('@sentry/nextjs');
  captureRequestError(...args);
};
