// View history (spec §2 "Client storage", §9): the last VIEW_HISTORY_SIZE (5) visited paths, kept in
// localStorage. Most recent first; visiting a path again moves it to the front instead of listing it
// twice, so the five entries are five different pages. Only the path is kept, never the query or
// hash: a 3-D Secure return carries the donation's token in the query (ADR 009, ADR 019).
import { VIEW_HISTORY_SIZE } from '@kifu/domain/constants';

export const VIEW_HISTORY_KEY = 'view-history';

/** The history after visiting `path`. */
export function recordVisit(history: readonly string[], path: string, size: number = VIEW_HISTORY_SIZE): string[] {
  return [path, ...history.filter((each) => each !== path)].slice(0, size);
}

/** The stored history, or an empty one when it is missing or not a list of paths. */
export function parseViewHistory(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((each): each is string => typeof each === 'string' && each.startsWith('/')).slice(0, VIEW_HISTORY_SIZE)
      : [];
  } catch {
    return [];
  }
}
