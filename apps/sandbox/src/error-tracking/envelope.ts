// Sentry's envelope format (https://develop.sentry.dev/sdk/data-model/envelopes/): newline-separated,
// an envelope header (JSON), then items, each an item header (JSON, with `type` and maybe `length`)
// and a payload: `length` bytes when the header gives it, else up to the next newline.
import { gunzipSync, inflateSync } from 'node:zlib';

export interface EnvelopeItem {
  header: { type: string; length?: number; [key: string]: unknown };
  payload: Buffer;
}

export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
}

/** Far above any event an SDK sends (Sentry caps an event at 1 MB); the sandbox keeps them in memory. */
export const MAX_ENVELOPE_BYTES = 2 * 1024 * 1024;
const MAX_ITEMS = 100;

/** The body as the SDK meant it: the Node SDK gzips large envelopes (Content-Encoding: gzip). */
export function decodeBody(body: Buffer, contentEncoding: string | undefined): Buffer {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  const options = { maxOutputLength: MAX_ENVELOPE_BYTES };
  try {
    if (encoding === '' || encoding === 'identity') return body;
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body, options);
    if (encoding === 'deflate') return inflateSync(body, options);
  } catch {
    throw new EnvelopeError(`body is not valid ${encoding}, or inflates past ${MAX_ENVELOPE_BYTES} bytes`);
  }
  throw new EnvelopeError(`unsupported content encoding ${encoding}`);
}

function jsonObject(bytes: Buffer, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new EnvelopeError(`${what} is not JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new EnvelopeError(`${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** Reads up to the next newline from `at`: [line, index after the newline]. */
function readLine(body: Buffer, at: number): [Buffer, number] {
  const end = body.indexOf(0x0a, at);
  return end < 0 ? [body.subarray(at), body.length] : [body.subarray(at, end), end + 1];
}

export function parseEnvelope(body: Buffer): Envelope {
  if (body.length === 0) throw new EnvelopeError('empty envelope');
  const [headerLine, afterHeader] = readLine(body, 0);
  const header = jsonObject(headerLine, 'envelope header');
  const items: EnvelopeItem[] = [];
  let at = afterHeader;
  while (at < body.length) {
    const [itemLine, afterItemHeader] = readLine(body, at);
    // Trailing newlines end the envelope.
    if (itemLine.toString('utf8').trim() === '') {
      at = afterItemHeader;
      continue;
    }
    const itemHeader = jsonObject(itemLine, 'item header');
    if (typeof itemHeader.type !== 'string' || itemHeader.type === '') throw new EnvelopeError('item header without a type');
    let payload: Buffer;
    if (itemHeader.length !== undefined) {
      const length = itemHeader.length;
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0) throw new EnvelopeError('item length is not a byte count');
      if (afterItemHeader + length > body.length) throw new EnvelopeError('item payload shorter than its length');
      payload = body.subarray(afterItemHeader, afterItemHeader + length);
      at = afterItemHeader + length;
      if (body[at] === 0x0a) at += 1;
    } else {
      [payload, at] = readLine(body, afterItemHeader);
    }
    items.push({ header: itemHeader as EnvelopeItem['header'], payload });
    if (items.length > MAX_ITEMS) throw new EnvelopeError(`more than ${MAX_ITEMS} items`);
  }
  return { header, items };
}
