// What Kifu sends to error tracking (ADR 050), one rule for the API, its worker, the web server and
// the browser, applied in the Sentry SDKs' beforeSend / beforeSendTransaction:
// - spec §8 "Reporting rules": timeout errors are not sent; the traces of the 404 page are dropped;
//   the trace sample rate is 0.001.
// - No personal data leaves (architecture.md §1, PCI DSS SAQ A-EP: no card data in logs or analytics):
//   no user, no cookies, no request bodies, no query strings, headers by allow-list only, and every
//   string the event carries is cleared of emails, phone numbers, card numbers, postal codes and
//   tokens; object keys that name such data have their values replaced. Breadcrumbs are scrubbed
//   with the event that carries them, when it is sent, not one by one as they are recorded: a server
//   records one for every outgoing request and log line and sends almost none of them, and scrubbing
//   each as it came cost about 2 % of the API's CPU on a gift (ADR 081).
// The types are structural (the shapes of Sentry's event, breadcrumb and transaction), so the domain
// depends on no SDK.

import { REQUEST_ID_TAG } from './request-id';

export { REQUEST_ID_HEADER, REQUEST_ID_TAG } from './request-id';

/** Spec §8: "The trace sample rate is 0.001." */
export const TRACE_SAMPLE_RATE = 0.001;

/**
 * The Sentry SDK's default integrations a server keeps, by name (ADR 081): what an error report
 * needs (its chained causes, the process's context and modules, the source lines around each frame,
 * Node's system errors, uncaught exceptions) and nothing that runs on every request, query or
 * outgoing call. An allow-list, so that an integration a later SDK adds by default is not switched
 * on unseen. Left out, measured on a burst of card gifts: the instrumentation of the PostgreSQL
 * driver (about 2 ms of CPU per gift), the other auto-instrumented libraries, the fetch and console
 * breadcrumbs, and the capture of local variables (error reports drop them anyway, ADR 050). Each
 * server adds the few it needs with options of its own. EventFilters was named InboundFilters
 * before SDK 11 (the web server's @sentry/nextjs is on 10).
 */
export const KEPT_DEFAULT_INTEGRATIONS: ReadonlySet<string> = new Set([
  'EventFilters',
  'InboundFilters',
  'FunctionToString',
  'LinkedErrors',
  'RequestData',
  'NodeSystemError',
  'OnUncaughtException',
  'ContextLines',
  'Context',
  'Modules',
]);

/** The `sentry-trace` header a caller sends with a request of a trace it started: trace id, span id, sampled. */
const SENTRY_TRACE = /^[0-9a-f]{32}-[0-9a-f]{16}(?:-([01]))?$/;

/**
 * Whether a server traces a request it receives, decided as the request arrives (ADR 080): as the
 * caller decided when the request is part of its trace (the `sentry-trace` header says sampled or
 * not), otherwise one request in 1/TRACE_SAMPLE_RATE. Deciding before the SDK sees the request is
 * what keeps the others cheap: the SDK's instrumentation of an untraced request costs more CPU
 * than a cached answer.
 */
export function tracesIncomingRequest(sentryTrace: string | string[] | undefined, random: () => number = Math.random): boolean {
  const sampled = typeof sentryTrace === 'string' ? SENTRY_TRACE.exec(sentryTrace.trim())?.[1] : undefined;
  if (sampled !== undefined) return sampled === '1';
  return random() < TRACE_SAMPLE_RATE;
}

/** Put on its place in a report instead of what was removed. */
export const FILTERED = '[Filtered]';

type Json = unknown;
type Dict = Record<string, Json>;

/** The parts of a Sentry event (errors and transactions alike) the rules read or rewrite. */
export interface ReportableEvent {
  type?: string;
  message?: string;
  transaction?: string;
  logentry?: { message?: string; formatted?: string; params?: unknown[] };
  exception?: { values?: { type?: string; value?: string; stacktrace?: { frames?: Dict[] } }[] };
  tags?: Dict;
  extra?: Dict;
  contexts?: Dict;
  user?: Dict;
  request?: {
    url?: string;
    method?: string;
    headers?: Record<string, string>;
    cookies?: unknown;
    data?: unknown;
    query_string?: unknown;
    env?: unknown;
  };
  breadcrumbs?: ReportableBreadcrumb[];
  spans?: Dict[];
  server_name?: string;
}

export interface ReportableBreadcrumb {
  type?: string;
  category?: string;
  message?: string;
  data?: Dict;
}

// ---------------------------------------------------------------------------------------------
// Timeouts (spec §8: "Timeout errors are not sent to error reporting")

/** Error codes of Node, undici and our provider adapters (ProviderError's 'timeout') that mean "timed out". */
const TIMEOUT_CODES = new Set([
  'timeout',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'FST_ERR_REQUEST_TIMEOUT',
]);

/** HTTP answers that say a request timed out: 408 Request Timeout, 504 Gateway Timeout. */
const TIMEOUT_STATUSES = new Set([408, 504]);

/**
 * Whether `error`, or an error it was caused by, is a timeout: `AbortSignal.timeout()`'s
 * TimeoutError, a timeout code (Node, undici, ProviderError), an HTTP 408/504, or the API's answer
 * for a provider that timed out (detail "timeout: …", apps/api providerErrorToAppError).
 */
export function isTimeoutError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    const candidate = current as {
      name?: unknown;
      code?: unknown;
      status?: unknown;
      detail?: unknown;
      timedOut?: unknown;
      cause?: unknown;
    };
    if (candidate.name === 'TimeoutError' || candidate.timedOut === true) return true;
    if (typeof candidate.code === 'string' && TIMEOUT_CODES.has(candidate.code)) return true;
    if (typeof candidate.status === 'number' && TIMEOUT_STATUSES.has(candidate.status)) return true;
    if (typeof candidate.detail === 'string' && candidate.detail.startsWith('timeout:')) return true;
    current = candidate.cause;
  }
  return false;
}

/** Whether an event reports a timeout, from the error the SDK was given or, failing that, the event. */
export function isTimeoutEvent(event: ReportableEvent, originalException?: unknown): boolean {
  if (originalException !== undefined && isTimeoutError(originalException)) return true;
  return (event.exception?.values ?? []).some((value) => value.type === 'TimeoutError');
}

// ---------------------------------------------------------------------------------------------
// The 404 page's traces (spec §8: "The traces of the 404 page are dropped")

/** Transaction names of Next's 404 pages: its built-in route and our catch-all (app/[locale]/[...rest]). */
const NOT_FOUND_NAME = /(^|[\s/])_not-found(\/|$)|\[\.\.\.rest\]/;

/** Set on a browser transaction whose page showed the 404 panel (it has no HTTP status to read). */
export const NOT_FOUND_PAGE_TAG = 'kifu.page';

/** Whether a transaction traces a 404: its answer was 404, or it is the 404 page's route. */
export function isNotFoundTransaction(event: ReportableEvent): boolean {
  if (event.tags?.[NOT_FOUND_PAGE_TAG] === 'not-found') return true;
  const trace = event.contexts?.trace as { data?: Dict } | undefined;
  const response = event.contexts?.response as { status_code?: unknown } | undefined;
  const status = trace?.data?.['http.response.status_code'] ?? response?.status_code ?? event.tags?.['http.status_code'];
  if (Number(status) === 404) return true;
  return NOT_FOUND_NAME.test(event.transaction ?? '');
}

// ---------------------------------------------------------------------------------------------
// Personal data

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
/** Card numbers: 13 to 19 digits, maybe grouped by spaces or dashes. */
const CARD_NUMBER = /\b\d(?:[ -]?\d){12,18}\b/g;
/** Japanese phone numbers (0X-XXXX-XXXX, +81 …) and other long dialled numbers. */
const PHONE = /(?:\+\d{1,3}[ -]?)?\(?\b0\d{1,4}\)?[ -]?\d{1,4}[ -]?\d{3,4}\b/g;
/** Japanese postal codes (123-4567, 〒1234567). */
const POSTAL_CODE = /〒?\s?\b\d{3}-?\d{4}\b/g;
const BEARER = /\b(Bearer|Basic|Token)\s+[\w.~+/=-]+/gi;
/** JWTs, and long runs of letters and digits that look like keys or opaque tokens (not words). */
const TOKEN_LIKE = /\b(?:eyJ[\w-]+\.[\w-]+\.[\w-]*|(?=[\w-]*\d)(?=[\w-]*[a-zA-Z])[\w-]{32,})\b/g;
/** A query string after a URL or a path: dropped whole (tokens travel there: ?token=, ?status_token=). */
const QUERY = /((?:[a-z][a-z\d+.-]*:\/\/[^\s?#"'<>]*|\/[^\s?#"'<>]*))\?[^\s#"'<>]*/gi;
/** A string that is a query string on its own (a span's `url.query`). */
const BARE_QUERY = /^\?.*$/s;

/** Clears one string of personal data and tokens. */
export function scrubText(text: string): string {
  return text
    .replace(BARE_QUERY, '')
    .replace(QUERY, '$1')
    .replace(BEARER, `$1 ${FILTERED}`)
    .replace(EMAIL, FILTERED)
    .replace(TOKEN_LIKE, FILTERED)
    .replace(CARD_NUMBER, FILTERED)
    .replace(POSTAL_CODE, FILTERED)
    .replace(PHONE, FILTERED);
}

/** Keys whose values are personal data or secrets, wherever they appear (extra, contexts, breadcrumb data). */
const SENSITIVE_KEY =
  /pass|secret|token|auth|cookie|session|card|cvc|cvv|security_?code|e-?mail|phone|^tel$|mobile|address|street|city|postal|zip|birth|kana|^name$|first_?name|last_?name|full_?name|family_?name|given_?name|holder|account_?(number|no)|iban|^body$|query|header/i;

/** In the SDKs' own contexts (trace data, runtime, …) only what can carry a request's secrets is filtered. */
const REQUEST_KEY = /query|cookie|authorization|header|token|secret|pass|e-?mail/i;

/** Request headers that may be sent; every other one (cookie, authorization, forwarding, …) is dropped. */
const SAFE_HEADERS = new Set(['accept', 'accept-language', 'content-type', 'content-length', 'user-agent', 'x-request-id', 'host']);

const SDK_ID_KEY = /^(trace_id|span_id|parent_span_id|event_id|replay_id|profile_id)$/;

/** Contexts the SDKs fill with facts about the machine, not the person: their keys are not filtered. */
const SDK_CONTEXTS = new Set(['trace', 'os', 'runtime', 'browser', 'device', 'app', 'culture', 'cloud_resource', 'response', 'otel']);

function scrubValue(value: Json, depth: number, keyRule: RegExp): Json {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, keyRule));
  const result: Dict = {};
  for (const [key, item] of Object.entries(value as Dict)) {
    // Trace, span and event ids are the SDK's random hex, which the token rule would take for secrets.
    result[key] = keyRule.test(key)
      ? FILTERED
      : SDK_ID_KEY.test(key) && typeof item === 'string'
        ? item
        : scrubValue(item, depth + 1, keyRule);
  }
  return result;
}

const scrubDict = (dict: Dict, keyRule = SENSITIVE_KEY) => scrubValue(dict, 0, keyRule) as Dict;

/** Tags are ours and the SDKs' (short values): scrubbed, except the request id, which is no one's data. */
function scrubTags(tags: Dict): Dict {
  return Object.fromEntries(
    Object.entries(tags).map(([key, value]) => [key, key === REQUEST_ID_TAG || typeof value !== 'string' ? value : scrubText(value)]),
  );
}

function scrubRequest(request: NonNullable<ReportableEvent['request']>): ReportableEvent['request'] {
  const headers = Object.fromEntries(
    Object.entries(request.headers ?? {})
      .filter(([name]) => SAFE_HEADERS.has(name.toLowerCase()))
      .map(([name, value]) => [name, scrubText(String(value))]),
  );
  return {
    ...(request.method ? { method: request.method } : {}),
    ...(request.url ? { url: scrubText(request.url.split(/[?#]/)[0]!) } : {}),
    headers,
  };
}

/** A stack frame without local variables (anything the code had in hand), its source lines scrubbed. */
function scrubFrame({ vars: _vars, ...frame }: Dict): Dict {
  const lines = (value: Json) => (Array.isArray(value) ? value.map((line) => (typeof line === 'string' ? scrubText(line) : line)) : value);
  return {
    ...frame,
    ...(typeof frame.context_line === 'string' ? { context_line: scrubText(frame.context_line) } : {}),
    ...(frame.pre_context ? { pre_context: lines(frame.pre_context) } : {}),
    ...(frame.post_context ? { post_context: lines(frame.post_context) } : {}),
  };
}

/** A breadcrumb cleared of personal data: URLs lose their query, messages and data are scrubbed. */
export function scrubBreadcrumb<B extends ReportableBreadcrumb>(breadcrumb: B): B {
  return {
    ...breadcrumb,
    ...(breadcrumb.message === undefined ? {} : { message: scrubText(breadcrumb.message) }),
    ...(breadcrumb.data === undefined ? {} : { data: scrubDict(breadcrumb.data) }),
  };
}

/**
 * An event (error or transaction) cleared of personal data: no user, request without cookies,
 * body, query string or unlisted headers, and every string scrubbed. Server names stay (hosts).
 */
export function scrubEvent<E extends ReportableEvent>(event: E): E {
  const contexts = event.contexts
    ? Object.fromEntries(
        Object.entries(event.contexts).map(([name, context]) => [
          name,
          scrubValue(context, 0, SDK_CONTEXTS.has(name) ? REQUEST_KEY : SENSITIVE_KEY),
        ]),
      )
    : undefined;
  const scrubbed: E = {
    ...event,
    ...(event.message === undefined ? {} : { message: scrubText(event.message) }),
    ...(event.transaction === undefined ? {} : { transaction: scrubText(event.transaction) }),
    ...(event.logentry
      ? {
          logentry: {
            ...(event.logentry.message === undefined ? {} : { message: scrubText(event.logentry.message) }),
            ...(event.logentry.formatted === undefined ? {} : { formatted: scrubText(event.logentry.formatted) }),
          },
        }
      : {}),
    ...(event.exception
      ? {
          exception: {
            ...event.exception,
            values: event.exception.values?.map((value) => ({
              ...value,
              ...(value.value === undefined ? {} : { value: scrubText(value.value) }),
              ...(value.stacktrace
                ? { stacktrace: { ...value.stacktrace, frames: value.stacktrace.frames?.map((frame) => scrubFrame(frame)) } }
                : {}),
            })),
          },
        }
      : {}),
    ...(event.tags ? { tags: scrubTags(event.tags) } : {}),
    ...(event.extra ? { extra: scrubDict(event.extra) } : {}),
    ...(contexts ? { contexts } : {}),
    ...(event.request ? { request: scrubRequest(event.request) } : {}),
    ...(event.breadcrumbs ? { breadcrumbs: event.breadcrumbs.map((breadcrumb) => scrubBreadcrumb(breadcrumb)) } : {}),
    ...(event.spans ? { spans: event.spans.map((span) => scrubDict(span)) } : {}),
  };
  delete scrubbed.user;
  return scrubbed;
}

// ---------------------------------------------------------------------------------------------
// The hooks, as each SDK's init takes them

/** Generic over the SDK's own event types, which are structurally ReportableEvent / ReportableBreadcrumb. */
export interface ReportingHooks {
  beforeSend<E>(event: E, hint?: { originalException?: unknown }): E | null;
  beforeSendTransaction<E>(event: E): E | null;
}

/**
 * The two hooks of every SDK's init. `decorateTransaction` lets the browser mark its 404 page,
 * which has no HTTP status to read (NOT_FOUND_PAGE_TAG).
 */
export function reportingHooks(options: { decorateTransaction?: (event: ReportableEvent) => void } = {}): ReportingHooks {
  return {
    beforeSend<E>(event: E, hint?: { originalException?: unknown }) {
      const reportable = event as ReportableEvent;
      if (isTimeoutEvent(reportable, hint?.originalException)) return null;
      return scrubEvent(reportable) as E;
    },
    beforeSendTransaction<E>(event: E) {
      const reportable = event as ReportableEvent;
      options.decorateTransaction?.(reportable);
      if (isNotFoundTransaction(reportable)) return null;
      return scrubEvent(reportable) as E;
    },
  };
}

/**
 * The options every SDK's init shares: personal data off, spec §8's sample rate, the hooks.
 * `dsn` undefined means off: callers do not init at all then (no network, no SDK).
 */
export function reportingOptions(settings: { dsn: string; environment: string; release?: string | undefined }, hooks = reportingHooks()) {
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    ...(settings.release ? { release: settings.release } : {}),
    sendDefaultPii: false,
    tracesSampleRate: TRACE_SAMPLE_RATE,
    // A trace is sent whole, as one transaction, once its root span ends: beforeSendTransaction then
    // sees the answer's status (the 404 rule) and every span at once. The SDKs' default since v11,
    // 'stream', sends spans in batches and skips beforeSendTransaction.
    traceLifecycle: 'static' as const,
    ...hooks,
  };
}
