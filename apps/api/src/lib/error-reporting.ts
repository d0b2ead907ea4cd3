// Error reporting of the API and the worker through the official Sentry Node SDK (ADR 050), with
// the rules of packages/domain error-reporting.ts: timeouts are not sent (spec §8), 404 traces are
// dropped, traces are sampled at 0.001, and no personal data leaves. Off unless SENTRY_DSN is set:
// then the SDK is not even loaded (it would bring OpenTelemetry into every process).
//
// Cheap for the requests it does not trace (ADRs 080, 084): the SDK's Fastify integration wrapped
// every hook and handler of every request in spans, and its HTTP integration recorded a session,
// forked a scope and started a span for each, sampled or not; together 1.5 ms of CPU per request,
// eight times a cached answer. Whether a request is traced is now decided as it arrives
// (tracesIncomingRequest); the 999 in 1,000 that are not cost the SDK nothing, and a traced one
// gets its span here (startRequestTrace), named after its Fastify route.
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
import type { Config } from '../config/env';

type SentryNode = typeof import('@sentry/node');
type Span = ReturnType<SentryNode['startInactiveSpan']>;

// Beside the kept default integrations (KEPT_DEFAULT_INTEGRATIONS, ADR 081; without the PostgreSQL
// driver's, a traced request's spans stop at its own), OnUnhandledRejection with an option of our
// own below. Neither Fastify's integration nor the HTTP one (see the top of the file): a request
// chosen as it arrives gets its span from startRequestTrace; errors are reported by our error
// handler (plugins/errors.ts), which alone knows which ones become a 500.

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
    // A request's span is started only for a request chosen as it arrived (startRequestTrace): it
    // is traced, unless its caller's trace says otherwise. Other root spans keep spec §8's rate.
    tracesSampler: ({ attributes, inheritOrSampleWith }) =>
      inheritOrSampleWith(attributes?.['sentry.op'] === 'http.server' ? 1 : TRACE_SAMPLE_RATE),
    integrations: (defaults) => [
      ...defaults.filter((integration) => KEPT_DEFAULT_INTEGRATIONS.has(integration.name)),
      // Reported, then the process ends as Node's default has it: listening for the event would otherwise keep it alive.
      sdk.onUnhandledRejectionIntegration({ mode: 'strict' }),
    ],
  });
  return true;
}

/** The span of each traced request in flight. */
const requestSpans = new WeakMap<FastifyRequest, Span>();

/**
 * Starts the trace of a request chosen as it arrives (ADR 080): as its caller's trace says when it
 * sends one (`sentry-trace`, so a trace crosses the web server and the API whole), otherwise one in
 * 1/TRACE_SAMPLE_RATE. The span is named after the route (`GET /campaign/:id/`, not the URL with its
 * ids). Nothing at all for the others, nor while reporting is off: the SDK's HTTP integration forked
 * a scope and read the headers of every request, half of what `/health` cost (ADR 084). Called once
 * the request is routed; endRequestTrace ends it with the answer.
 */
export function startRequestTrace(request: FastifyRequest): void {
  const sdk = sentry;
  if (!sdk) return;
  const sentryTrace = request.headers['sentry-trace'];
  if (!tracesIncomingRequest(sentryTrace)) return;
  const route = request.routeOptions.url ?? 'unmatched';
  const baggage = request.headers.baggage;
  const span = sdk.continueTrace({ sentryTrace: typeof sentryTrace === 'string' ? sentryTrace : undefined, baggage }, () =>
    sdk.startInactiveSpan({
      name: `${request.method} ${route}`,
      op: 'http.server',
      forceTransaction: true,
      attributes: { 'sentry.source': 'route', 'http.route': route, 'http.request.method': request.method },
    }),
  );
  requestSpans.set(request, span);
}

/** Ends a traced request's span with its answer's status (the 404 rule of ADR 050 reads it). */
export function endRequestTrace(request: FastifyRequest, statusCode: number): void {
  const span = requestSpans.get(request);
  if (!span || !sentry) return;
  requestSpans.delete(request);
  span.setAttribute('http.response.status_code', statusCode);
  sentry.setHttpStatus(span, statusCode);
  span.end();
}

export interface ErrorContext {
  /** The request's id (the x-request-id header of the answer), so a report and the logs meet. */
  requestId?: string;
  /** The request that failed: a traced one's report points to its trace. */
  request?: FastifyRequest;
  tags?: Record<string, string>;
}

/** Reports an error (not a timeout: the rule in beforeSend drops those); nothing while reporting is off. */
export function reportError(error: unknown, context: ErrorContext = {}): void {
  const sdk = sentry;
  if (!sdk) return;
  const capture = () =>
    sdk.captureException(error, {
      tags: { ...context.tags, ...(context.requestId ? { [REQUEST_ID_TAG]: context.requestId } : {}) },
    });
  const span = context.request && requestSpans.get(context.request);
  if (span) sdk.withActiveSpan(span, capture);
  else capture();
}

/** Sends what is queued before the process ends (a graceful stop); at most `timeoutMs`. */
export async function flushErrorReporting(timeoutMs = 2_000): Promise<void> {
  await sentry?.flush(timeoutMs);
}
