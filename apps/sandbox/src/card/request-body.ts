// Omise takes JSON and, as in its curl examples, form-encoded bodies with bracketed keys
// (card[number]=…, metadata[order]=…, on[days_of_month][]=15). Both end up as the same nested
// object here; numbers and booleans from forms arrive as strings and are coerced by the schemas.
import { z } from 'zod';
import { CardApiError, type CardErrorCode } from './errors';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> | unknown[] = target;
  path.forEach((segment, index) => {
    const last = index === path.length - 1;
    const nextIsArray = path[index + 1] === '';
    if (Array.isArray(node)) {
      if (last) node.push(value);
      else {
        const child = nextIsArray ? [] : {};
        node.push(child);
        node = child;
      }
      return;
    }
    if (last) {
      node[segment] = value;
      return;
    }
    const existing = node[segment];
    const child = (nextIsArray ? Array.isArray(existing) : isRecord(existing)) ? existing : nextIsArray ? [] : {};
    node[segment] = child;
    node = child as Record<string, unknown> | unknown[];
  });
}

/** `{'card[name]': 'A'}` → `{card: {name: 'A'}}`; JSON bodies pass through unchanged. */
export function nestFormFields(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) return {};
  if (!Object.keys(body).some((key) => key.includes('['))) return body;
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    // card[__proto__][x]=1 must not reach Object.prototype.
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    for (const item of Array.isArray(value) ? value : [value]) setPath(nested, path, item);
  }
  return nested;
}

/** Parses a request with `schema`, answering Omise's `bad_request` (or `code`) on the first issue. */
export function parseParams<T extends z.ZodType>(schema: T, value: unknown, code: CardErrorCode = 'bad_request'): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'request';
  throw new CardApiError(
    code,
    issue?.code === 'invalid_type' && issue.message.endsWith('received undefined') ? `${field} is required` : `${field} is invalid`,
  );
}

/** Integers sent as numbers or as numeric strings (form bodies, query strings). */
export const integerParam = z.preprocess(
  (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
  z.number().int(),
);

export const booleanParam = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean());

export const metadataParam = z.record(z.string(), z.unknown());
