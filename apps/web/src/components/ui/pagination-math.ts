import { api } from '@kifu/domain';

/** Number of pages for a list of `count` items, at least 1. */
export function pageCount(count: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(count / pageSize));
}

/** Reads a `page` search parameter: a page the API accepts (1 to api.PAGE_MAX), else 1. */
export function parsePage(raw: string | string[] | undefined): number {
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return Number.isInteger(value) && value >= 1 && value <= api.PAGE_MAX ? value : 1;
}
