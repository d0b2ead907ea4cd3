// Text every store and provider of ours can take (ADR 021): Postgres text cannot hold a NUL
// character, and a lone surrogate is not Unicode at all (it has no UTF-8 form, so a database write
// or a provider call fails on it). The API refuses both wherever a request carries text, before its
// schemas run, with this rule key at the offending path.
import type { FieldRuleKey } from './rule-keys';

export const UNUSABLE_TEXT_RULE = 'pattern.invalidCharacter' satisfies FieldRuleKey;

const LONE_SURROGATE = /\p{Surrogate}/u;

export function isUsableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * A record as JSON.parse ({}), a query parser or the router makes it: its prototype is null or
 * has none (fast-querystring and find-my-way use `new NullObject()` for speed). Class instances
 * such as a Buffer or a Date are not walked.
 */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

type Segment = string | number;
/** Where a value sits, as a chain to its parent: a path is only built for what is reported. */
interface Place {
  parent: Place | undefined;
  key: Segment;
}

function pathOf(place: Place | undefined): Segment[] {
  const path: Segment[] = [];
  for (let at = place; at !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of every string in a parsed request part (JSON, query or params) that is not usable
 * text; an object key that is not is reported at its own path. Iterative and without copying
 * paths, so a deeply nested body can neither exhaust the stack nor take quadratic time.
 */
export function unusableTextPaths(value: unknown): Segment[][] {
  const found: Segment[][] = [];
  const pending: { value: unknown; place: Place | undefined }[] = [{ value, place: undefined }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, place } = next;
    if (typeof current === 'string') {
      if (!isUsableText(current)) found.push(pathOf(place));
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, place: { parent: place, key: index } }));
    } else if (isPlainRecord(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (isUsableText(key)) pending.push({ value: item, place: { parent: place, key } });
        else found.push(pathOf({ parent: place, key }));
      }
    }
  }
  return found;
}
