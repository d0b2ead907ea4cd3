// Error reporting of the API and the worker through the official Sentry Node SDK (ADR 050), with
// the rules of packages/domain error-reporting.ts: timeouts are not sent (spec §8), 404 traces are
// dropped, traces are sampled at 0.001, and no personal data leaves. Off unless SENTRY_DSN is set:
// then the SDK is not even loaded (it would bring OpenTelemetry into every process).
//
// Cheap for the requests it does not trace (ADR 080): the SDK's Fastify integration wrapped every
// hook and handler of every request in spans, and its HTTP integration recorded a session and
// started a span for each, sampled or not; together 1.5 ms of CPU per request, eight times a cached
// answer. Whether a request is traced is now decided as it arrives (tracesIncomingRequest); the
// 999 in 1,000 that are not get no span, and a traced one is named after its Fastify route here.
//
// The SDK is global to the process, so it is started by the process (server.ts, worker.ts) before
// the app is built; the app's error handler and the job worker only call reportError(), which does
// nothing while reporting is off.
import {
  KEPT_DEFAULT_INTEGRATIONS,
  REQUEST_ID_TAG,
  reportingOptions,
  TRACE_SAMPLE_RATE,
  tracesIncomingRequest,
} from '@kifu/domain/error-reporting';
import type { FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config/env';

type SentryNode = typeof import('@sentry/node');

// Beside the kept default integrations (KEPT_DEFAULT_INTEGRATIONS, ADR 081; without the PostgreSQL
// driver's, a traced request's spans stop at its own), Http and OnUnhandledRejection with options of
// our own below. Not Fastify's integration (see the top of the file): a traced request is named after
// its route by nameTraceAfterRoute; errors are reported by our error handler (plugins/errors.ts),
// which alone knows which ones become a 500.

let sentry: SentryNode | undefined;

/** Starts reporting when SENTRY_DSN is set; answers whether it did. Call once per process, before buildApp. */
export async function startErrorReporting(
  config: Pick<Config, 'SENTRY_DSN' | 'KIFU_ENV' | 'KIFU_RELEASE'>,
  process: 'api' | 'worker',
): Promise<boolean> {
  if (!config.SENTRY_DSN) return false;
  sentry = await import('@sentry/node');
  const sdk = sentry;
  sdk.init({
    ...reportingOptions({ dsn: config.SENTRY_DSN, environment: config.KIFU_ENV, release: config.KIFU_RELEASE }),
    serverName: process,
    initialScope: { tags: { process } },
    // A request that reaches the SDK's span was chosen as it arrived (ignoreIncomingRequests below):
    // it is traced, unless its caller's trace says otherwise. Other root spans keep spec §8's rate.
    tracesSampler: ({ attributes, inheritOrSampleWith }) =>
      inheritOrSampleWith(attributes?.['sentry.op'] === 'http.server' ? 1 : TRACE_SAMPLE_RATE),
    integrations: (defaults) => [
      ...defaults.filter((integration) => KEPT_DEFAULT_INTEGRATIONS.has(integration.name)),
      sdk.httpIntegration({
        // Release health of a browser app, not of a server; and bodies are never sent anyway (ADR 050).
        sessions: false,
        maxRequestBodySize: 'none',
        ignoreIncomingRequests: (_path, request) => !tracesIncomingRequest(request.headers['sentry-trace']),
        onSpanCreated: (span, request) => {
          (request as TracedMessage)[TRACE_SPAN] = span;
        },
        // The API calls out only to providers (the card gateway, wallet pay, the bank, the bot
        // check) and the mail server, none of which joins our traces: no trace headers for them,
        // and no span or breadcrumb per call (ADR 081; the request's log line and metrics say
        // which calls failed).
        tracePropagation: false,
        ignoreOutgoingRequests: () => true,
      }),
      // Reported, then the process ends as Node's default has it: listening for the event would otherwise keep it alive.
      sdk.onUnhandledRejectionIntegration({ mode: 'strict' }),
    ],
  });
  return true;
}

const TRACE_SPAN = Symbol('kifu.traceSpan');
type TracedMessage = IncomingMessage & { [TRACE_SPAN]?: Parameters<SentryNode['updateSpanName']>[0] };

/**
 * Names the trace of a traced request after its route (`GET /campaign/:id/`): without it, after the
 * URL, with its ids. For the others this reads one property. Called once the request is routed, before the answer ends its span.
 */
export function nameTraceAfterRoute(request: FastifyRequest): void {
  const span = (request.raw as TracedMessage)[TRACE_SPAN];
  if (!span || !sentry) return;
  const route = request.routeOptions.url ?? 'unmatched';
  span.setAttribute('http.route', route);
  sentry.updateSpanName(span, `${request.method} ${route}`);
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
