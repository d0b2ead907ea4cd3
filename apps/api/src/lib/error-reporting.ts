// Error reporting of the API and the worker through the official Sentry Node SDK (ADR 050), with
// the rules of packages/domain error-reporting.ts: timeouts are not sent (spec §8), 404 traces are
// dropped, traces are sampled at 0.001, and no personal data leaves. Off unless SENTRY_DSN is set:
// then the SDK is not even loaded (it would bring OpenTelemetry into every process).
//
// The SDK is global to the process, so it is started by the process (server.ts, worker.ts) before
// the app is built; the app's error handler and the job worker only call reportError(), which does
// nothing while reporting is off.
import { REQUEST_ID_TAG, reportingOptions } from '@kifu/domain/error-reporting';
import type { Config } from '../config/env';

type SentryNode = typeof import('@sentry/node');

let sentry: SentryNode | undefined;

/** Starts reporting when SENTRY_DSN is set; answers whether it did. Call once per process, before buildApp. */
export async function startErrorReporting(
  config: Pick<Config, 'SENTRY_DSN' | 'KIFU_ENV' | 'KIFU_RELEASE'>,
  process: 'api' | 'worker',
): Promise<boolean> {
  if (!config.SENTRY_DSN) return false;
  sentry = await import('@sentry/node');
  sentry.init({
    ...reportingOptions({ dsn: config.SENTRY_DSN, environment: config.KIFU_ENV, release: config.KIFU_RELEASE }),
    serverName: process,
    initialScope: { tags: { process } },
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== 'Fastify' && integration.name !== 'OnUnhandledRejection'),
      // Reported, then the process ends as Node's default has it: listening for the event would otherwise keep it alive.
      sentry!.onUnhandledRejectionIntegration({ mode: 'strict' }),
      // Traces per route; errors are reported by our error handler (plugins/errors.ts), which
      // alone knows which ones become a 500: Fastify's own choice would report every 4xx AppError.
      sentry!.fastifyIntegration({ shouldHandleError: () => false }),
    ],
  });
  return true;
}

export interface ErrorContext {
  /** The request's id (the x-request-id header of the answer), so a report and the logs meet. */
  requestId?: string;
  tags?: Record<string, string>;
}

/** Reports an error (not a timeout: the rule in beforeSend drops those); nothing while reporting is off. */
export function reportError(error: unknown, context: ErrorContext = {}): void {
  if (!sentry) return;
  sentry.captureException(error, {
    tags: { ...context.tags, ...(context.requestId ? { [REQUEST_ID_TAG]: context.requestId } : {}) },
  });
}

/** Sends what is queued before the process ends (a graceful stop); at most `timeoutMs`. */
export async function flushErrorReporting(timeoutMs = 2_000): Promise<void> {
  await sentry?.flush(timeoutMs);
}
