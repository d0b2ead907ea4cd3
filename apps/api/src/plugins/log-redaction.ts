// Logs carry ids, never personal data or secrets (ADR 023). A failed query used to log
// its parameters (donor email, name, birthday, address, phone) through the error's `params`, its
// message ("Failed query: … params: …") and the database error's `detail` ("Key (email)=(…)"); a
// request line logged tokens in query strings (donation_token). So errors are logged by a
// whitelist, request lines without query values that are secret or personal, and any header or
// body field that does slip into a log line is censored by pino's `redact`.
import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

const CENSOR = '[redacted]';

/** Error fields that name things (codes, tables, constraints, the SQL text with its $n placeholders), never values. */
const KEPT_ERROR_STRINGS = new Set([
  'name',
  'code',
  'provider',
  'severity',
  'table',
  'column',
  'constraint',
  'schema',
  'dataType',
  'routine',
  'query',
  'validationContext',
]);
const MAX_CAUSE_DEPTH = 4;
/** A PostgreSQL SQLSTATE: its messages quote the offending value ('invalid input syntax for type date: "…"'). */
const SQLSTATE = /^[0-9A-Z]{5}$/;
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g;

/** Query parameters whose values are secrets or personal data, e.g. donation_token, amazonCheckoutSessionId. */
const SECRET_QUERY_PARAMETER = /token|secret|password|key|code|signature|session|mail|name|phone|address|birthday/i;

/** Header and body fields, wherever a log call puts them. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'req.headers["x-kifu-proxy-secret"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["idempotency-key"]',
  'body',
  'req.body',
  'params',
  '*.params',
  ...[
    'password',
    'email',
    'token',
    'accessToken',
    'access_token',
    'refreshToken',
    'refresh_token',
    'donor',
    'phone',
    'birthday',
    'address1',
    'address2',
  ].map((field) => `*.${field}`),
];

function scrubMessage(message: string, fromDatabase: boolean): string {
  // Drizzle's DrizzleQueryError: `Failed query: ${sql}\nparams: ${params}`.
  let scrubbed = message.split('\nparams:')[0]!;
  if (fromDatabase) scrubbed = scrubbed.replace(/"[^"]*"/g, `"${CENSOR}"`);
  return scrubbed.replace(EMAIL, CENSOR);
}

function errorName(error: Error): string {
  return error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name;
}

/** pino's `err` serializer: the error's kind, scrubbed message, stack frames, codes and identifiers, and its causes the same way. */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const fields = error as unknown as Record<string, unknown>;
  const fromDatabase = typeof fields.code === 'string' && SQLSTATE.test(fields.code);
  const type = errorName(error);
  const message = scrubMessage(error.message, fromDatabase);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: Record<string, unknown> = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    if (typeof value === 'number' || typeof value === 'boolean') serialized[key] = value;
    else if (typeof value === 'string' && KEPT_ERROR_STRINGS.has(key))
      serialized[key] = key === 'query' ? value : scrubMessage(value, false);
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** The request's URL with the values of secret or personal query parameters censored. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator === -1 ? pair : pair.slice(0, separator);
      return separator !== -1 && SECRET_QUERY_PARAMETER.test(decodeURIComponentSafe(name)) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The request line: method and censored URL. No client address: it is personal data too, and
 * abuse is handled by the rate limits (plugins/rate-limit.ts), not read back from logs.
 */
function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url) };
}

/** Fastify's `logger` option; `stream` lets a test read what is logged. */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: { err: serializeError, req: serializeRequest as never },
    ...(stream ? { stream } : {}),
  };
}
