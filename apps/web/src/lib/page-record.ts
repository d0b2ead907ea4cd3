// Shared by the pages of one record (associate, business, campaign, report, portfolio): the id in
// the path, and the API's 404 as "no such page".
import { ApiError } from './api-client';

/** A record id from the path, or undefined when it is not one (the page is then a 404, not an API 400). */
export function pathIdOf(raw: string): number | undefined {
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/** A 404 as null. */
export async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
